import type { ReactNode } from 'react';
import { usePainted } from '../../lib/use-painted.ts';

/**
 * Renders its children once the browser has painted the commit that mounted it. The part of a screen that
 * can wait a frame (a project's task views below its header, the dashboard's sections below its counters,
 * the phone's closed menu) then stays out of the task that renders and paints the screen's first content:
 * on a phone at 4x, that task held both (issue 17, Lighthouse).
 */
export function RenderAfterPaint({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const painted = usePainted();
  // `now`: the children are needed at once (the phone's menu opened before that paint).
  return painted || now ? children : null;
}
