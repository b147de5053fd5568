import LogOut from 'lucide-react/icons/log-out';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChoiceDialog } from '../../components/ui/confirm-dialog.tsx';
import { logout } from '../../features/auth/api/logout.ts';
import { fr } from '../../locales/fr/index.ts';
import type { OutboxEntry } from '@jalon/sync';
import { wipeDevice } from '../../live/wipe-device.ts';
import { useWork, useWorkEngine } from '../../offline/work-context.tsx';

const t = fr.sync.signOut;

const countUnsent = (outbox: readonly OutboxEntry[]) => outbox.filter((entry) => entry.state !== 'acked').length;

/**
 * 'Se déconnecter'. With changes this device has not sent yet, it asks first: send them now, keep them
 * for this person's next sign-in here (nobody else can read them: each person has their own database), or
 * discard them with the rest of this person's copy.
 */
export function SignOutButton({ userId }: { userId: string | null }) {
  const navigate = useNavigate();
  const engine = useWorkEngine();
  const work = useWork();
  const [asking, setAsking] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const unsent = countUnsent(work.outbox);
  const signOut = useMutation({
    mutationFn: async ({ discard }: { discard: boolean }) => {
      if (discard && userId) {
        engine?.stop();
        await wipeDevice(userId);
      }
      await logout();
    },
    onSettled: () => void navigate('/login', { replace: true }),
  });
  const sendNow = useMutation({
    mutationFn: async () => {
      if (!engine) return false;
      await engine.sendNow();
      return engine.getSnapshot().outbox.every((entry) => entry.state === 'acked');
    },
    onSuccess: (sent) => (sent ? signOut.mutate({ discard: false }) : setSendFailed(true)),
    onError: () => setSendFailed(true),
  });

  return (
    <>
      <button
        type="button"
        className="button sign-out-button"
        onClick={async () => {
          // An edit saved a moment ago may still be on its way into the outbox: count it too.
          await engine?.editsRecorded();
          if (countUnsent(engine?.getSnapshot().outbox ?? work.outbox) > 0) setAsking(true);
          else signOut.mutate({ discard: false });
        }}
        disabled={signOut.isPending}
      >
        <LogOut aria-hidden="true" focusable="false" size={18} />
        {signOut.isPending ? fr.layout.signingOut : fr.layout.signOut}
      </button>
      {asking && (
        <ChoiceDialog
          title={t.title}
          message={sendFailed ? `${t.message(unsent)} ${t.sendFailed}` : t.message(unsent)}
          cancelLabel={t.cancel}
          onCancel={() => setAsking(false)}
          busy={sendNow.isPending || signOut.isPending}
          choices={[
            { label: t.sendNow, tone: 'primary', onChoose: () => sendNow.mutate() },
            { label: t.keep, onChoose: () => signOut.mutate({ discard: false }) },
            { label: t.discard, tone: 'danger', onChoose: () => signOut.mutate({ discard: true }) },
          ]}
        />
      )}
    </>
  );
}
