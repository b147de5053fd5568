import { useState, type FormEvent } from 'react';
import { ACCOUNT_LIMITS } from '@jalon/contract/plain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

const t = fr.auth.resetRequest;

/** Only http(s) links are rendered: a link is never allowed to run script. */
function safeLink(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

interface ResetRequestFormProps {
  onBack: () => void;
}

export function ResetRequestForm({ onBack }: ResetRequestFormProps) {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === '') return;
    request.mutate(trimmed);
  };
  const devLink = safeLink(request.data?.devResetLink);

  return (
    <form className="form" onSubmit={submit} aria-labelledby="login-title">
      <p className="form__hint">{t.hint}</p>
      {request.isError && <Alert tone="error">{errorMessage(request.error, 'resetRequest')}</Alert>}
      {request.isSuccess && (
        <Alert tone="success">
          <p>{t.success}</p>
          {devLink && (
            <p>
              <a href={devLink}>{t.devLink}</a>
            </p>
          )}
        </Alert>
      )}
      <Field id="reset-email" label={t.email} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            maxLength={ACCOUNT_LIMITS.emailMax}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <div className="form__actions">
        <button type="button" className="button" onClick={onBack}>
          {t.back}
        </button>
        <button type="submit" className="button button--primary" disabled={request.isPending}>
          {request.isPending ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
