import { useEffect, useRef, type RefObject } from 'react';

export interface CanvasScene {
  /** Called on start and on every resize, with the size in CSS pixels. */
  resize(width: number, height: number): void;
  /** Draw one frame; `deltaMs` is the time since the previous frame. */
  draw(context: CanvasRenderingContext2D, deltaMs: number): void;
}

/**
 * Runs a scene on a full-size canvas: device-pixel-ratio aware, paused while the tab is hidden (no
 * point burning battery on an invisible page), stopped on unmount.
 */
export function useCanvasAnimation(
  createScene: () => CanvasScene,
  maxPixelRatio = 2,
): RefObject<HTMLCanvasElement | null> {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return undefined;
    const scene = createScene();
    let frame = 0;
    let last = performance.now();

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, maxPixelRatio);
      const { clientWidth: width, clientHeight: height } = canvas;
      canvas.width = Math.max(1, Math.floor(width * ratio));
      canvas.height = Math.max(1, Math.floor(height * ratio));
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      scene.resize(width, height);
    };
    const tick = (now: number) => {
      const delta = now - last;
      last = now;
      scene.draw(context, delta);
      frame = requestAnimationFrame(tick);
    };
    const onVisibility = () => {
      cancelAnimationFrame(frame);
      if (document.visibilityState === 'visible') {
        last = performance.now();
        frame = requestAnimationFrame(tick);
      }
    };

    resize();
    frame = requestAnimationFrame(tick);
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [createScene, maxPixelRatio]);
  return canvasRef;
}
