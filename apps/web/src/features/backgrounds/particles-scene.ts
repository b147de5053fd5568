import type { Palette } from './theme-palette.ts';
import type { CanvasScene } from './use-canvas-animation.ts';

interface Particle {
  x: number;
  y: number;
  radius: number;
  speed: number;
  alpha: number;
}

/** Soft dots rising slowly; cheap enough that it needs no lighter mode. */
export function createParticlesScene(colors: { readonly current: Palette }): CanvasScene {
  let width = 0;
  let height = 0;
  let particles: Particle[] = [];
  const spawn = (y: number): Particle => ({
    x: Math.random() * width,
    y,
    radius: 1 + Math.random() * 2.5,
    speed: 0.01 + Math.random() * 0.03,
    alpha: 0.25 + Math.random() * 0.5,
  });
  return {
    resize(nextWidth, nextHeight) {
      width = nextWidth;
      height = nextHeight;
      const count = Math.min(80, Math.round((width * height) / 18_000));
      particles = Array.from({ length: count }, () => spawn(Math.random() * height));
    },
    draw(context, deltaMs) {
      const step = Math.min(deltaMs, 50);
      context.clearRect(0, 0, width, height);
      context.fillStyle = colors.current.particle;
      particles = particles.map((particle) => {
        const y = particle.y - particle.speed * step;
        return y < -10 ? spawn(height + 10) : { ...particle, y };
      });
      for (const particle of particles) {
        context.globalAlpha = particle.alpha;
        context.beginPath();
        context.arc(particle.x, particle.y, particle.radius, 0, Math.PI * 2);
        context.fill();
      }
      context.globalAlpha = 1;
    },
  };
}
