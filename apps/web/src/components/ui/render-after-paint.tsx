import { useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../../lib/after-paint.ts';

/**
 * Renders its children once the browser has painted the commit that mounted it. The part of a screen that
 * can wait a frame (a project's task views, below its header) then stays out of the task that renders
 * and paints the screen's largest content: on a phone at 4x, that task held both (issue 17, Lighthouse).
 */
export function RenderAfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? children : null;
}
