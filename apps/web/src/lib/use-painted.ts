import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint.ts';

/**
 * False in the render that mounts the component, true once the browser has painted that commit: what can
 * wait a frame (RenderAfterPaint's children, a list's rows past its edge) then renders in a task of its own,
 * out of the one that paints the screen's first content (issue 17).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
