import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { ACCOUNT_LIMITS, REDIRECT } from '@jalon/contract/plain';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields.tsx';
import { TokenPage } from '../../../components/token-page.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useAcceptInvitation, useInvitationCheck } from '../api/accept-invitation.ts';

const t = fr.members.accept;

interface InvitationPageProps {
  /** The password strength meter (the auth feature's), composed in by the route. */
  strengthMeter: (password: string, checksId: string) => ReactNode;
}

/**
 * /invitation?token=… (public): the link is checked as the page opens, so a dead one is said before the
 * form and a good one names the address it invites; then name, password with the strength meter,
 * confirmation, and /login.
 */
export function InvitationPage({ strengthMeter }: InvitationPageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const check = useInvitationCheck(token);
  return (
    <TokenPage titleId="invitation-title" words={t} token={token}>
      {check.isPending ? (
        <Spinner label={t.checking} />
      ) : check.isError && isApiError(check.error) && check.error.code === 'invalid_invitation_token' ? (
        <Alert tone="error">{errorMessage(check.error)}</Alert>
      ) : (
        <>
          {check.isSuccess && <p>{t.invited(check.data.email)}</p>}
          {/* The check could not be made (network, rate limit): the form stays, and accepting tells. */}
          {check.isError && <Alert tone="error">{`${t.checkFailed} : ${errorMessage(check.error)}`}</Alert>}
          <AcceptInvitationForm token={token} strengthMeter={strengthMeter} />
        </>
      )}
    </TokenPage>
  );
}

function AcceptInvitationForm({ token, strengthMeter }: InvitationPageProps & { token: string }) {
  const navigateLater = useDelayedNavigate();
  const accept = useAcceptInvitation();
  const [username, setUsername] = useState('');
  const newPassword = useNewPassword();
  // A name too close to another member's is said under the name, where it is fixed.
  const nameTaken = accept.isError && isApiError(accept.error) && accept.error.code === 'username_taken';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newPassword.confirmed()) return;
    accept.mutate(
      { token, username, password: newPassword.password },
      { onSuccess: () => navigateLater('/login', REDIRECT.afterResetMs) },
    );
  };

  return (
    <form className="form" onSubmit={submit} aria-labelledby="invitation-title">
      {newPassword.mismatch && <Alert tone="error">{t.mismatch}</Alert>}
      {accept.isError && !nameTaken && (
        <Alert tone="error">{`${t.failed} : ${errorMessage(accept.error)}`}</Alert>
      )}
      {accept.isSuccess && <Alert tone="success">{t.success}</Alert>}
      <Field
        id="invitation-username"
        label={t.username}
        required
        error={nameTaken ? fr.problemMessages.username_taken : null}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            name="name"
            autoComplete="name"
            maxLength={ACCOUNT_LIMITS.usernameMax}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        )}
      </Field>
      <NewPasswordFields
        state={newPassword}
        passwordId="invitation-password"
        confirmId="invitation-confirm"
        labels={t}
        strengthMeter={strengthMeter}
        named
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={accept.isPending || accept.isSuccess}
      >
        {accept.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
