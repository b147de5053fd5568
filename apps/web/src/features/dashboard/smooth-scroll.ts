import { DASHBOARD } from '@jalon/contract/plain';

const easeInOut = (progress: number): number =>
  progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;

/**
 * Scrolls the window so `element` is at the top, over 520 ms, or at once under reduced motion;
 * then moves keyboard focus there without scrolling again. Returns a cancel function.
 */
export function scrollToElement(
  element: HTMLElement,
  reducedMotion: boolean,
  duration: number = DASHBOARD.scrollAnimationMs,
): () => void {
  const from = window.scrollY;
  const to = Math.max(0, from + element.getBoundingClientRect().top - 16);
  const finish = () => element.focus({ preventScroll: true });
  if (reducedMotion || duration <= 0) {
    window.scrollTo(0, to);
    finish();
    return () => undefined;
  }
  let frame = 0;
  let start: number | null = null;
  const step = (time: number) => {
    start ??= time;
    const progress = Math.min(1, (time - start) / duration);
    window.scrollTo(0, from + (to - from) * easeInOut(progress));
    if (progress < 1) frame = requestAnimationFrame(step);
    else finish();
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
