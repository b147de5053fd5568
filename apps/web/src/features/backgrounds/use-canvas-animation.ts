import { useEffect, useRef, type RefObject } from 'react';
import type { BackgroundMessage } from './background-messages.ts';
import { readPalette, watchPalette } from './theme-palette.ts';

export interface CanvasScene {
  /** Called on start and on every resize, with the size in CSS pixels. */
  resize(width: number, height: number): void;
  /** Draw one frame; `deltaMs` is the time since the previous frame. */
  draw(context: OffscreenCanvasRenderingContext2D, deltaMs: number): void;
}

/**
 * Runs a scene on a full-size canvas placed in the element this hook's ref is given: drawn by a worker
 * (background-worker.ts) so that the page's main thread stays free for the form, device-pixel-ratio
 * aware, paused while the tab is hidden, stopped on unmount. A browser that cannot hand a canvas to a
 * worker keeps the still gradient behind it: the animation is decoration.
 *
 * A canvas can be handed over once only, so each run of the effect makes its own (React runs effects
 * twice in development).
 */
export function useCanvasAnimation(
  scene: 'neural' | 'particles',
  maxPixelRatio = 2,
): RefObject<HTMLDivElement | null> {
  const hostRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (
      !host ||
      typeof Worker === 'undefined' ||
      !('transferControlToOffscreen' in HTMLCanvasElement.prototype)
    )
      return undefined;
    const canvas = document.createElement('canvas');
    host.append(canvas);
    const worker = new Worker(new URL('./background-worker.ts', import.meta.url), {
      type: 'module',
      name: 'login-background',
    });
    const post = (message: BackgroundMessage, transfer: Transferable[] = []) =>
      worker.postMessage(message, transfer);
    const size = () => ({
      width: canvas.clientWidth,
      height: canvas.clientHeight,
      ratio: Math.min(window.devicePixelRatio || 1, maxPixelRatio),
    });
    const offscreen = canvas.transferControlToOffscreen();
    post({ type: 'start', canvas: offscreen, scene, palette: readPalette(), ...size() }, [offscreen]);

    const onResize = () => post({ type: 'resize', ...size() });
    const onVisibility = () => post({ type: 'visible', visible: document.visibilityState === 'visible' });
    const stopWatching = watchPalette((palette) => post({ type: 'palette', palette }));
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopWatching();
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onVisibility);
      worker.terminate();
      canvas.remove();
    };
  }, [scene, maxPixelRatio]);
  return hostRef;
}
