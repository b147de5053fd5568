import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { useWork } from '../../../offline/work-context.tsx';

/** Without storage: when IndexedDB refused to open, the person is told once, then Jalon works online. */
export function StorageNotice() {
  const { storageUnavailable } = useWork();
  const [dismissed, setDismissed] = useState(false);
  if (!storageUnavailable || dismissed) return null;
  return (
    <Alert tone="warning">
      <p>{fr.sync.storageUnavailable}</p>
      <button type="button" className="button button--small" onClick={() => setDismissed(true)}>
        {fr.sync.storageDismiss}
      </button>
    </Alert>
  );
}
