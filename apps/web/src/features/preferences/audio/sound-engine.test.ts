import { AUDIO, ambientLevel } from '@jalon/contract/plain';
import { describe, expect, it } from 'vitest';
import { asAudioContext, FakeAudioContext } from '../../../test/fake-audio-context.ts';
import { SoundEngine } from './sound-engine.ts';

function engineAt(clock: { now: number }) {
  const context = new FakeAudioContext();
  let created = 0;
  const engine = new SoundEngine(
    () => {
      created += 1;
      return asAudioContext(context);
    },
    () => clock.now,
  );
  return { engine, context, created: () => created };
}

describe('sound engine', () => {
  it('creates no audio context before a user gesture unlocks it', () => {
    const { engine, created } = engineAt({ now: 0 });
    expect(engine.hover()).toBe(false);
    expect(engine.click()).toBe(false);
    engine.setAmbient(0.5);
    expect(created()).toBe(0);
    expect(engine.unlock()).toBe(true);
    expect(created()).toBe(1);
  });

  it('plays generated tones through a master volume of 0.85', () => {
    const { engine, context } = engineAt({ now: 0 });
    engine.unlock();
    expect(context.gains[0]?.gain.value).toBe(AUDIO.masterVolume);
    expect(engine.click()).toBe(true);
    expect(context.oscillators).toHaveLength(1);
    expect(context.oscillators[0]?.started).toBe(true);
  });

  it('throttles hover tones to one per 120 ms and click tones to one per 80 ms', () => {
    const clock = { now: 1000 };
    const { engine } = engineAt(clock);
    engine.unlock();
    expect(engine.hover()).toBe(true);
    clock.now = 1119;
    expect(engine.hover()).toBe(false);
    clock.now = 1120;
    expect(engine.hover()).toBe(true);
    expect(engine.click()).toBe(true);
    clock.now = 1199;
    expect(engine.click()).toBe(false);
    clock.now = 1200;
    expect(engine.click()).toBe(true);
  });

  it('plays the ambient drone at 0.35 × ambientLevel(slider) and stops it', () => {
    const { engine, context } = engineAt({ now: 0 });
    engine.unlock();
    engine.setAmbient(ambientLevel(70));
    expect(engine.ambientPlaying).toBe(true);
    const droneGain = context.gains[1];
    expect(droneGain?.gain.value).toBeCloseTo(AUDIO.ambientVolume * (0.05 + 0.7 * 0.95));
    engine.setAmbient(null);
    expect(engine.ambientPlaying).toBe(false);
    expect(droneGain?.gain.value).toBe(0);
    expect(context.oscillators.every((oscillator) => oscillator.stopped)).toBe(true);
  });
});
