// The login screen's animated background, drawn here on the canvas the page handed over
// (transferControlToOffscreen). Drawn on the page's main thread, the canvas took most of it while the
// sign-in form was loading: a frame of the neural scene is hundreds of strokes, rasterised in software
// on a phone without GPU canvas, and a slow phone's frames became long tasks that delayed every tap.
import type { BackgroundMessage } from './background-messages.ts';
import { createNeuralScene } from './neural-scene.ts';
import { createParticlesScene } from './particles-scene.ts';
import type { Palette } from './theme-palette.ts';
import type { CanvasScene } from './use-canvas-animation.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<BackgroundMessage>) => void): void;
  requestAnimationFrame?: (callback: (now: number) => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
}

const scope = globalThis as unknown as WorkerScope;
// Workers of browsers without requestAnimationFrame in them get a frame every 16 ms.
const nextFrame = (callback: (now: number) => void): number =>
  scope.requestAnimationFrame?.(callback) ?? Number(setTimeout(() => callback(performance.now()), 16));
const cancelFrame = (handle: number) =>
  scope.cancelAnimationFrame ? scope.cancelAnimationFrame(handle) : clearTimeout(handle);

const colors: { current: Palette } = { current: { node: '#6b8cff', link: '#6b8cff', particle: '#6b8cff' } };
let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;
let scene: CanvasScene | null = null;
let frame = 0;
let last = 0;

const tick = (now: number) => {
  if (!context || !scene) return;
  scene.draw(context, now - last);
  last = now;
  frame = nextFrame(tick);
};

const resize = (width: number, height: number, ratio: number) => {
  if (!canvas || !context || !scene) return;
  canvas.width = Math.max(1, Math.floor(width * ratio));
  canvas.height = Math.max(1, Math.floor(height * ratio));
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  scene.resize(width, height);
};

const run = (running: boolean) => {
  cancelFrame(frame);
  if (!running) return;
  last = performance.now();
  frame = nextFrame(tick);
};

scope.addEventListener('message', ({ data: message }) => {
  switch (message.type) {
    case 'start':
      canvas = message.canvas;
      context = canvas.getContext('2d');
      colors.current = message.palette;
      scene = message.scene === 'neural' ? createNeuralScene(colors) : createParticlesScene(colors);
      resize(message.width, message.height, message.ratio);
      run(true);
      break;
    case 'resize':
      resize(message.width, message.height, message.ratio);
      break;
    case 'palette':
      colors.current = message.palette;
      break;
    case 'visible':
      run(message.visible);
      break;
  }
});
