import { useId, useState } from 'react';
import { copyText } from '../../../lib/clipboard.ts';
import { saveText } from '../../../lib/save-file.ts';
import { useSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';
import { BACKUP_CODES_FILE_NAME, backupCodesFileText } from '../backup-codes-file.ts';

const t = fr.security.backupCodes;

interface BackupCodesProps {
  codes: readonly string[];
}

/** Freshly created backup codes: hidden until asked for, copied or downloaded as a text file. */
export function BackupCodes({ codes }: BackupCodesProps) {
  const listId = useId();
  const user = useSession((session) => session.user);
  const [visible, setVisible] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const copy = async () => {
    const copied = await copyText(codes.join('\n'));
    setNotice(copied ? { tone: 'success', text: t.copied } : { tone: 'error', text: t.copyFailed });
    // The fallback for a failed copy is reading them: show them.
    if (!copied) setVisible(true);
  };

  const download = () => {
    saveText(backupCodesFileText(codes, user?.email ?? null), BACKUP_CODES_FILE_NAME);
    setNotice({ tone: 'success', text: t.downloaded(BACKUP_CODES_FILE_NAME) });
  };

  return (
    <div className="backup-codes">
      <div className="button-row">
        <button
          type="button"
          className="button"
          aria-expanded={visible}
          aria-controls={listId}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t.hide : t.show}
        </button>
        <button type="button" className="button" onClick={() => void copy()}>
          {t.copy}
        </button>
        <button type="button" className="button" onClick={download}>
          {t.download}
        </button>
      </div>
      <ul id={listId} className="backup-codes__list" aria-label={t.listLabel} hidden={!visible}>
        {visible &&
          codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
      </ul>
      <p className={`inline-notice inline-notice--${notice?.tone ?? 'success'}`} role="status">
        {notice?.text}
      </p>
    </div>
  );
}
