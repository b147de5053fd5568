import { useCallback } from 'react';
import { createNeuralScene } from '../neural-scene.ts';
import { createParticlesScene } from '../particles-scene.ts';
import { useThemePalette } from '../theme-palette.ts';
import { useCanvasAnimation } from '../use-canvas-animation.ts';

interface AnimatedCanvasProps {
  scene: 'neural' | 'particles';
}

export function AnimatedCanvas({ scene }: AnimatedCanvasProps) {
  const palette = useThemePalette();
  const createScene = useCallback(
    () => (scene === 'neural' ? createNeuralScene(palette) : createParticlesScene(palette)),
    [scene, palette],
  );
  const canvasRef = useCanvasAnimation(createScene);
  return <canvas ref={canvasRef} className="backdrop__canvas" />;
}
