import { createFrameMonitor } from './frame-monitor.ts';
import type { Palette } from './theme-palette.ts';
import type { CanvasScene } from './use-canvas-animation.ts';

interface Node {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

const FULL = { density: 1 / 14_000, maxNodes: 90, linkDistance: 140 };
// Lighter mode: fewer nodes and shorter links, as links are the quadratic part of each frame.
const LIGHT = { density: 1 / 40_000, maxNodes: 30, linkDistance: 100 };

/** A slowly drifting network of nodes; colours come from CSS custom properties of the theme. */
export function createNeuralScene(colors: {
  readonly current: Palette;
}): CanvasScene & { isLight(): boolean } {
  const monitor = createFrameMonitor();
  let settings = FULL;
  let width = 0;
  let height = 0;
  let nodes: Node[] = [];

  const populate = () => {
    const count = Math.min(settings.maxNodes, Math.max(12, Math.round(width * height * settings.density)));
    nodes = Array.from({ length: count }, () => ({
      x: Math.random() * width,
      y: Math.random() * height,
      vx: (Math.random() - 0.5) * 0.02,
      vy: (Math.random() - 0.5) * 0.02,
    }));
  };

  return {
    isLight: () => settings === LIGHT,
    resize(nextWidth, nextHeight) {
      width = nextWidth;
      height = nextHeight;
      populate();
    },
    draw(context, deltaMs) {
      if (monitor.record(deltaMs)) {
        settings = LIGHT;
        populate();
      }
      const step = Math.min(deltaMs, 50);
      context.clearRect(0, 0, width, height);
      for (const node of nodes) {
        node.x = (node.x + node.vx * step + width) % width;
        node.y = (node.y + node.vy * step + height) % height;
      }
      context.strokeStyle = colors.current.link;
      context.lineWidth = 1;
      for (let i = 0; i < nodes.length; i += 1) {
        const a = nodes[i] as Node;
        for (let j = i + 1; j < nodes.length; j += 1) {
          const b = nodes[j] as Node;
          const distance = Math.hypot(a.x - b.x, a.y - b.y);
          if (distance > settings.linkDistance) continue;
          context.globalAlpha = 1 - distance / settings.linkDistance;
          context.beginPath();
          context.moveTo(a.x, a.y);
          context.lineTo(b.x, b.y);
          context.stroke();
        }
      }
      context.globalAlpha = 1;
      context.fillStyle = colors.current.node;
      for (const node of nodes) {
        context.beginPath();
        context.arc(node.x, node.y, 2, 0, Math.PI * 2);
        context.fill();
      }
    },
  };
}
