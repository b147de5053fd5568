import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from './navigation.ts';

/**
 * Navigate after a pause (after login 100 ms, after a reset 1800 ms, time to read the success message). The timer dies with
 * the component so a user who already left is not pulled back.
 */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (to: string, delayMs: number) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void navigate(to, { replace: true });
      }, delayMs);
    },
    [navigate],
  );
}
