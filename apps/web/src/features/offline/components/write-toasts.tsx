import { useEffect, useRef } from 'react';
import { useWork } from '../../../offline/work-context.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { dismissToast, showToast, useToast } from '../../../lib/toasts.ts';
import { writeOutcome, type WriteState } from '../write-outcome.ts';

/** Long enough to read a short sentence, short enough not to cover the screen for long. */
export const TOAST_MS = 6_000;

/**
 * The shell's toasts in a polite live region: always present, so screen readers hear what is put in it;
 * empty again after TOAST_MS. It says the outcome of background writes (conflict, failed send, waiting
 * changes sent) itself, and whatever else `showToast` was given (a new notification).
 */
export function WriteToasts() {
  const work = useWork();
  const online = useOnlineStatus();
  const toast = useToast();
  const previous = useRef<WriteState>(work);
  const troubled = useRef(false);

  useEffect(() => {
    const outcome = writeOutcome(previous.current, work, troubled.current, online);
    previous.current = work;
    troubled.current = outcome.troubled;
    if (outcome.text) showToast(outcome.text);
  }, [work, online]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toasts" role="status" aria-live="polite">
      {toast && (
        <p key={toast.id} className="toast">
          {toast.text}
        </p>
      )}
    </div>
  );
}
