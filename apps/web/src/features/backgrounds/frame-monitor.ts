import { PERFORMANCE } from '@jalon/contract/plain';

export interface FrameMonitor {
  /** Record one frame's duration; true once, when the sample shows the device is struggling. */
  record(frameMs: number): boolean;
}

/**
 * Averages frame times over a window of 180 frames; an average above 40 ms (under 25 fps) means the
 * animation costs the page too much and should switch to its lighter mode.
 */
export function createFrameMonitor(
  sampleFrames: number = PERFORMANCE.sampleFrames,
  slowFrameMs: number = PERFORMANCE.slowFrameMs,
): FrameMonitor {
  let count = 0;
  let total = 0;
  let tripped = false;
  return {
    record(frameMs) {
      if (tripped) return false;
      count += 1;
      total += frameMs;
      if (count < sampleFrames) return false;
      const average = total / count;
      count = 0;
      total = 0;
      if (average <= slowFrameMs) return false;
      tripped = true;
      return true;
    },
  };
}
