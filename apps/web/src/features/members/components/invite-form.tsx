import { useState, type FormEvent } from 'react';
import type { Role } from '@jalon/contract';
import { ACCOUNT_LIMITS } from '@jalon/contract/plain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { ignoreRepeatClick } from '../../../lib/use-create-once.ts';
import { useCreateInvitation } from '../api/invitations.ts';

const t = fr.members.invite;
const roles = fr.members.admin.roles;

/**
 * E-mail and role; the server mails the link (409 when the address already has an account, or a pending
 * invitation whose link stays the good one).
 */
export function InviteForm() {
  const invite = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    invite.submit(
      { email, role },
      {
        onSuccess: (created) => {
          setSentTo(created.email);
          setEmail('');
          setRole('member');
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t.heading}</h2>
      <p className="muted">{t.intro}</p>
      {sentTo && <Alert tone="success">{t.sent(sentTo)}</Alert>}
      {invite.isError && <Alert tone="error">{`${t.error} : ${errorMessage(invite.error)}`}</Alert>}
      <form className="form form--inline" onSubmit={submit}>
        <Field id="invite-email" label={t.email} required className="field--grow">
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="off"
              maxLength={ACCOUNT_LIMITS.emailMax}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field id="invite-role" label={t.role}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              <option value="member">{roles.member}</option>
              <option value="admin">{roles.admin}</option>
            </select>
          )}
        </Field>
        <div className="form__actions form__actions--start">
          <button
            type="submit"
            className="button button--primary"
            disabled={invite.isPending}
            onClick={ignoreRepeatClick}
          >
            {invite.isPending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
