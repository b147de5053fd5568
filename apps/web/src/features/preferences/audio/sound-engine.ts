import { AUDIO } from '@jalon/contract/plain';

// Every sound is generated with Web Audio: no audio file is ever downloaded. Browsers only let an
// AudioContext start after a user gesture, so nothing is created before `unlock()` is called from one.

export type AudioContextFactory = () => AudioContext | null;

function browserContext(): AudioContext | null {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return Context ? new Context() : null;
}

interface Drone {
  gain: GainNode;
  sources: OscillatorNode[];
}

const HOVER_TONE = { frequency: 880, seconds: 0.045, peak: 0.05 };
const CLICK_TONE = { frequency: 520, seconds: 0.07, peak: 0.09 };
/** A low fifth with a slowly moving filter: present, never melodic. */
const DRONE_FREQUENCIES = [110, 164.81];
const DRONE_FADE_SECONDS = 0.8;

export class SoundEngine {
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  private drone: Drone | null = null;
  private lastHover = Number.NEGATIVE_INFINITY;
  private lastClick = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly createContext: AudioContextFactory = browserContext,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get unlocked(): boolean {
    return this.context !== null;
  }

  /** Call from a user gesture only. */
  unlock(): boolean {
    if (this.context === null) {
      const context = this.createContext();
      if (context === null) return false;
      this.context = context;
      this.master = context.createGain();
      this.master.gain.value = AUDIO.masterVolume;
      this.master.connect(context.destination);
    }
    if (this.context.state === 'suspended') void this.context.resume();
    return true;
  }

  /** A short high tone, at most one per 120 ms. Returns whether it played. */
  hover(): boolean {
    const time = this.now();
    if (!this.context || time - this.lastHover < AUDIO.hoverThrottleMs) return false;
    this.lastHover = time;
    this.tone(HOVER_TONE);
    return true;
  }

  /** A short lower tone, at most one per 80 ms. */
  click(): boolean {
    const time = this.now();
    if (!this.context || time - this.lastClick < AUDIO.clickThrottleMs) return false;
    this.lastClick = time;
    this.tone(CLICK_TONE);
    return true;
  }

  /** The ambient drone at `level` (0-1, before the ambient channel volume), or silence with null. */
  setAmbient(level: number | null): void {
    const context = this.context;
    if (!context || !this.master) return;
    if (level === null) {
      this.stopDrone(context);
      return;
    }
    const drone = this.drone ?? this.startDrone(context, this.master);
    drone.gain.gain.setTargetAtTime(AUDIO.ambientVolume * level, context.currentTime, DRONE_FADE_SECONDS / 3);
  }

  get ambientPlaying(): boolean {
    return this.drone !== null;
  }

  private tone({ frequency, seconds, peak }: typeof HOVER_TONE): void {
    const context = this.context;
    if (!context || !this.master) return;
    const start = context.currentTime;
    const oscillator = context.createOscillator();
    const envelope = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    envelope.gain.setValueAtTime(0.0001, start);
    envelope.gain.exponentialRampToValueAtTime(peak, start + 0.01);
    envelope.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    oscillator.connect(envelope);
    envelope.connect(this.master);
    oscillator.start(start);
    oscillator.stop(start + seconds + 0.02);
  }

  private startDrone(context: AudioContext, master: GainNode): Drone {
    const gain = context.createGain();
    gain.gain.value = 0;
    const filter = context.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = 700;
    filter.connect(gain);
    gain.connect(master);
    const voices = DRONE_FREQUENCIES.map((frequency) => {
      const voice = context.createOscillator();
      voice.type = 'sine';
      voice.frequency.value = frequency;
      voice.connect(filter);
      return voice;
    });
    // A very slow sweep of the filter keeps the drone from sounding static.
    const sweep = context.createOscillator();
    sweep.frequency.value = 0.07;
    const sweepDepth = context.createGain();
    sweepDepth.gain.value = 250;
    sweep.connect(sweepDepth);
    sweepDepth.connect(filter.frequency);
    const sources = [...voices, sweep];
    sources.forEach((source) => source.start());
    this.drone = { gain, sources };
    return this.drone;
  }

  private stopDrone(context: AudioContext): void {
    const drone = this.drone;
    if (!drone) return;
    this.drone = null;
    const end = context.currentTime + DRONE_FADE_SECONDS;
    drone.gain.gain.setTargetAtTime(0, context.currentTime, DRONE_FADE_SECONDS / 3);
    drone.sources.forEach((source) => source.stop(end));
  }
}

/** The app's one engine: one AudioContext for the whole tab. */
export const soundEngine = new SoundEngine();
