import type { Palette } from './theme-palette.ts';

/** What the login page tells the background's worker (background-worker.ts). */
export type BackgroundMessage =
  | {
      type: 'start';
      canvas: OffscreenCanvas;
      scene: 'neural' | 'particles';
      palette: Palette;
      /** The canvas's size in CSS pixels, and the device pixel ratio it is drawn at. */
      width: number;
      height: number;
      ratio: number;
    }
  | { type: 'resize'; width: number; height: number; ratio: number }
  | { type: 'palette'; palette: Palette }
  /** Paused while the tab is hidden: no point burning battery on an invisible page. */
  | { type: 'visible'; visible: boolean };
