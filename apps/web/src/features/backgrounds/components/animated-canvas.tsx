import { useCanvasAnimation } from '../use-canvas-animation.ts';

interface AnimatedCanvasProps {
  scene: 'neural' | 'particles';
}

export function AnimatedCanvas({ scene }: AnimatedCanvasProps) {
  const hostRef = useCanvasAnimation(scene);
  return <div ref={hostRef} className="backdrop__canvas" />;
}
