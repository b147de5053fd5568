import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '../../lib/navigation.ts';
import type { OutboxEntry } from '@jalon/sync';
import { ChoiceDialog, type ChoiceDialogProps } from '../../components/ui/confirm-dialog.tsx';
import { wipeDevice } from '../../live/wipe-device.ts';
import { fr } from '../../locales/fr/index.ts';
import { useWork, useWorkEngine } from '../../offline/work-context.tsx';
import { logout } from '../../features/auth/api/logout.ts';

const t = fr.sync.signOut;

const countUnsent = (outbox: readonly OutboxEntry[]) =>
  outbox.filter((entry) => entry.state !== 'acked').length;

export interface SignOut {
  /** Signs out, or first asks what to do with the changes this device has not sent yet. */
  start: () => Promise<void>;
  pending: boolean;
  /** The question, while it is asked: render it where the caller is. */
  dialog: ReactNode;
}

/**
 * Signing out, for every way to ask for it ('Se déconnecter' in the shell, the palette's item). With
 * changes this device has not sent yet, it asks first: send them now, keep them for this person's next
 * sign-in here (nobody else can read them: each person has their own database), or discard them with
 * the rest of this person's copy.
 */
export function useSignOut(userId: string | null): SignOut {
  const navigate = useNavigate();
  const engine = useWorkEngine();
  const [asking, setAsking] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
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

  const start = async () => {
    // An edit saved a moment ago may still be on its way into the outbox: count it too.
    await engine?.editsRecorded();
    if (countUnsent(engine?.getSnapshot().outbox ?? []) > 0) setAsking(true);
    else signOut.mutate({ discard: false });
  };

  const dialog = asking && (
    <UnsentQuestion
      sendFailed={sendFailed}
      onCancel={() => setAsking(false)}
      busy={sendNow.isPending || signOut.isPending}
      choices={[
        { label: t.sendNow, tone: 'primary', onChoose: () => sendNow.mutate() },
        { label: t.keep, onChoose: () => signOut.mutate({ discard: false }) },
        { label: t.discard, tone: 'danger', onChoose: () => signOut.mutate({ discard: true }) },
      ]}
    />
  );
  return { start, pending: signOut.isPending, dialog };
}

/**
 * The question, with the count kept current while it is open (a failed 'Envoyer maintenant' may have sent
 * part of them). Only it follows the device's copy: the shell around it does not re-render at every change.
 */
type UnsentQuestionProps = { sendFailed: boolean } & Omit<
  ChoiceDialogProps,
  'title' | 'message' | 'cancelLabel'
>;

function UnsentQuestion({ sendFailed, ...dialog }: UnsentQuestionProps) {
  const unsent = countUnsent(useWork().outbox);
  return (
    <ChoiceDialog
      title={t.title}
      message={sendFailed ? `${t.message(unsent)} ${t.sendFailed}` : t.message(unsent)}
      cancelLabel={t.cancel}
      {...dialog}
    />
  );
}
