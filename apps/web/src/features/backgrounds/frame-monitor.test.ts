import { describe, expect, it } from 'vitest';
import { createFrameMonitor } from './frame-monitor.ts';

const feed = (monitor: ReturnType<typeof createFrameMonitor>, frames: number, ms: number) =>
  Array.from({ length: frames }, () => monitor.record(ms));

describe('frame-time monitor (180 frames, 40 ms)', () => {
  it('asks for the lighter mode once the average over 180 frames exceeds 40 ms', () => {
    const monitor = createFrameMonitor();
    const results = feed(monitor, 180, 41);
    expect(results.slice(0, 179).some(Boolean)).toBe(false);
    expect(results[179]).toBe(true);
    // Once switched there is nothing more to decide.
    expect(feed(monitor, 360, 100).some(Boolean)).toBe(false);
  });

  it('keeps the full mode at exactly 40 ms and at 60 fps', () => {
    const monitor = createFrameMonitor();
    expect(feed(monitor, 180, 40).some(Boolean)).toBe(false);
    expect(feed(monitor, 180, 16.7).some(Boolean)).toBe(false);
  });

  it('judges each window of 180 frames on its own', () => {
    const monitor = createFrameMonitor();
    expect(feed(monitor, 180, 16).some(Boolean)).toBe(false);
    const slow = feed(monitor, 180, 50);
    expect(slow.indexOf(true)).toBe(179);
  });

  it('averages rather than reacting to one slow frame', () => {
    const monitor = createFrameMonitor();
    const results = [monitor.record(500), ...feed(monitor, 179, 16)];
    expect(results.some(Boolean)).toBe(false);
  });
});
