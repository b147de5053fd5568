import { DASHBOARD } from '@jalon/contract/plain';
import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-media-query.ts';

const easeOutCubic = (progress: number): number => 1 - (1 - progress) ** 3;

/** The value reached `elapsed` ms into a count from 0 to `target`. */
export const countedValue = (target: number, elapsed: number, duration: number): number =>
  duration <= 0 ? target : Math.round(target * easeOutCubic(Math.min(1, Math.max(0, elapsed / duration))));

/** Counters animate from 0 to their value over 600 ms; at once when reduced motion is asked. */
export function useAnimatedNumber(target: number, duration: number = DASHBOARD.counterAnimationMs): number {
  const reducedMotion = usePrefersReducedMotion();
  const [animated, setAnimated] = useState(0);

  useEffect(() => {
    if (reducedMotion) return;
    let frame = 0;
    let start: number | null = null;
    const step = (time: number) => {
      start ??= time;
      const elapsed = time - start;
      setAnimated(countedValue(target, elapsed, duration));
      if (elapsed < duration) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, duration, reducedMotion]);

  return reducedMotion ? target : animated;
}
