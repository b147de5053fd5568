import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { REDIRECT } from '@jalon/contract/plain';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields.tsx';
import { TokenPage } from '../../../components/token-page.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';

const t = fr.members.accept;

interface InvitationPageProps {
  /** The strength meter of SPEC §5 (the auth feature's), composed in by the route. */
  strengthMeter: (password: string, checksId: string) => ReactNode;
}

/** /invitation?token=… (public): name, password with the strength meter, confirmation; then /login. */
export function InvitationPage({ strengthMeter }: InvitationPageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigateLater = useDelayedNavigate();
  const accept = useAcceptInvitation();
  const [username, setUsername] = useState('');
  const newPassword = useNewPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newPassword.confirmed()) return;
    accept.mutate({ token, username, password: newPassword.password }, { onSuccess: () => navigateLater('/login', REDIRECT.afterResetMs) });
  };

  return (
    <TokenPage titleId="invitation-title" words={t} token={token}>
      <form className="form" onSubmit={submit} aria-labelledby="invitation-title">
        {newPassword.mismatch && <Alert tone="error">{t.mismatch}</Alert>}
        {accept.isError && <Alert tone="error">{`${t.failed} : ${errorMessage(accept.error)}`}</Alert>}
        {accept.isSuccess && <Alert tone="success">{t.success}</Alert>}
        <div className="field">
          <label htmlFor="invitation-username">{t.username}</label>
          <input
            id="invitation-username"
            className="input"
            name="name"
            autoComplete="name"
            required
            maxLength={64}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <NewPasswordFields
          state={newPassword}
          passwordId="invitation-password"
          confirmId="invitation-confirm"
          labels={t}
          strengthMeter={strengthMeter}
          named
        />
        <button type="submit" className="button button--primary button--block" disabled={accept.isPending || accept.isSuccess}>
          {accept.isPending ? t.submitting : t.submit}
        </button>
      </form>
    </TokenPage>
  );
}
