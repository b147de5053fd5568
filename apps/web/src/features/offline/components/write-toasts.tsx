import { useEffect, useRef, useState } from 'react';
import { useWork } from '../../../offline/work-context.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { writeOutcome, type WriteState } from '../write-outcome.ts';

/** Long enough to read a short sentence, short enough not to cover the screen for long. */
export const TOAST_MS = 6_000;

/**
 * The outcome of background writes (conflict, failed send, waiting changes sent) as a toast in a polite
 * live region: always present, so screen readers hear what is put in it; empty again after TOAST_MS.
 */
export function WriteToasts() {
  const work = useWork();
  const online = useOnlineStatus();
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  const previous = useRef<WriteState>(work);
  const troubled = useRef(false);

  useEffect(() => {
    const outcome = writeOutcome(previous.current, work, troubled.current, online);
    previous.current = work;
    troubled.current = outcome.troubled;
    if (outcome.text) setToast({ text: outcome.text, id: Date.now() });
  }, [work, online]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
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
