// A stand-in for Web Audio in jsdom (which has none): records what the engine builds and plays.
class FakeParam {
  value = 0;
  readonly events: [string, number][] = [];
  setValueAtTime(value: number) {
    this.events.push(['set', value]);
    return this;
  }
  exponentialRampToValueAtTime(value: number) {
    this.events.push(['ramp', value]);
    return this;
  }
  setTargetAtTime(value: number) {
    this.events.push(['target', value]);
    this.value = value;
    return this;
  }
}

class FakeNode {
  readonly connections: unknown[] = [];
  connect(target: unknown) {
    this.connections.push(target);
    return target;
  }
}

export class FakeOscillator extends FakeNode {
  type = 'sine';
  frequency = new FakeParam();
  started = false;
  stopped = false;
  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
  }
}

export class FakeGain extends FakeNode {
  gain = new FakeParam();
}

export class FakeAudioContext {
  state: 'suspended' | 'running' = 'running';
  currentTime = 0;
  destination = {};
  readonly oscillators: FakeOscillator[] = [];
  readonly gains: FakeGain[] = [];
  createOscillator() {
    const oscillator = new FakeOscillator();
    this.oscillators.push(oscillator);
    return oscillator;
  }
  createGain() {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }
  createBiquadFilter() {
    return Object.assign(new FakeNode(), { type: 'lowpass', frequency: new FakeParam() });
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
}

export const asAudioContext = (context: FakeAudioContext): AudioContext => context as unknown as AudioContext;
