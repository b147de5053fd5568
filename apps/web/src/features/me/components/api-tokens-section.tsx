import { useState, type FormEvent } from 'react';
import { API_TOKEN } from '@jalon/contract/plain';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens.ts';
import { ShownOnce } from './shown-once.tsx';
import { ignoreRepeatClick } from '../../../lib/use-create-once.ts';

const t = fr.me.tokens;
type Expiry = (typeof API_TOKEN.expiryDays)[number] | 'none';

function expiryText(token: ApiToken): string {
  if (token.expiresAt === null) return t.noExpiry;
  const at = formatDateTime(token.expiresAt);
  return Date.parse(token.expiresAt) <= Date.now() ? t.expiredOn(at) : t.expiresOn(at);
}

/** The token just made, shown this once. */
function NewToken({ created }: { created: CreatedApiToken }) {
  return (
    <div className="api-token__new">
      <Alert tone="success">
        {t.created(created.name)} <strong>{t.copyNow}</strong>
      </Alert>
      <ShownOnce
        id="me-token-value"
        label={t.tokenLabel}
        value={created.token}
        copyLabel={t.copy}
        copiedLabel={t.copied}
      />
    </div>
  );
}

/**
 * /me's 'Jetons d'accès' (issue 39): personal access tokens for scripts. Made with a name, a scope and
 * an expiry (none for administrators only); the token is shown once; the list says when each was last
 * used, and each can be revoked after a confirmation.
 */
export function ApiTokensSection({ isAdmin }: { isAdmin: boolean }) {
  const list = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<Expiry>(90);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    create.mutate(
      { name, scope, expiresInDays: expiry === 'none' ? null : expiry },
      { onSuccess: () => setName('') },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    const token = revoking;
    setRevoking(null);
    revoke.mutate(token.id, {
      onSuccess: () => {
        setNotice(t.revoked(token.name));
        if (create.data?.id === token.id) create.reset();
      },
    });
  };

  let listBody;
  if (list.isPending) listBody = <Spinner label={t.loading} />;
  else if (list.isError)
    listBody = <Alert tone="error">{`${t.loadError} : ${errorMessage(list.error)}`}</Alert>;
  else if (list.data.length === 0) listBody = <p className="muted">{t.empty}</p>;
  else
    listBody = (
      <ul className="session-list" aria-label={t.listLabel}>
        {list.data.map((token) => (
          <li key={token.id} className="session" aria-labelledby={`api-token-${token.id}-name`}>
            <div className="session__main">
              <p className="session__device" id={`api-token-${token.id}-name`}>
                {token.name}
              </p>
              <p className="session__meta">
                <span>{t.scopes[token.scope]}</span>
                <span>{`${t.createdOn(formatDateTime(token.createdAt))}, ${expiryText(token)}`}</span>
                <span>{token.lastUsedAt ? t.lastUsed(formatDateTime(token.lastUsedAt)) : t.neverUsed}</span>
              </p>
            </div>
            <button
              type="button"
              className="button"
              aria-label={t.revokeLabel(token.name)}
              disabled={revoke.isPending}
              onClick={() => setRevoking(token)}
            >
              {t.revoke}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="me-tokens-title">
      <h2 id="me-tokens-title">{t.heading}</h2>
      <p className="form__hint">{t.intro}</p>
      <form className="form" aria-label={t.create} onSubmit={submit}>
        {create.isError && <Alert tone="error">{`${t.createFailed} : ${errorMessage(create.error)}`}</Alert>}
        <Field id="me-token-name" label={t.name} hint={t.nameHint} required>
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={API_TOKEN.nameMax}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field id="me-token-scope" label={t.scope}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={scope}
              onChange={(event) => setScope(event.target.value as ApiTokenScope)}
            >
              <option value="read">{t.scopes.read}</option>
              <option value="write">{t.scopes.write}</option>
            </select>
          )}
        </Field>
        <Field id="me-token-expiry" label={t.expiry}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={String(expiry)}
              onChange={(event) =>
                setExpiry(event.target.value === 'none' ? 'none' : (Number(event.target.value) as Expiry))
              }
            >
              {API_TOKEN.expiryDays.map((days) => (
                <option key={days} value={days}>
                  {t.expiries[days]}
                </option>
              ))}
              {isAdmin && <option value="none">{t.expiries.none}</option>}
            </select>
          )}
        </Field>
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending}
          onClick={ignoreRepeatClick}
        >
          {create.isPending ? t.creating : t.create}
        </button>
      </form>
      {create.isSuccess && <NewToken key={create.data.id} created={create.data} />}
      {notice && <Alert tone="success">{notice}</Alert>}
      {revoke.isError && <Alert tone="error">{`${t.revokeFailed} : ${errorMessage(revoke.error)}`}</Alert>}
      {listBody}
      {revoking && (
        <ConfirmDialog
          title={t.revokeTitle}
          message={t.revokeText(revoking.name)}
          confirmLabel={t.revoke}
          cancelLabel={t.cancel}
          onConfirm={confirmRevoke}
          onCancel={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
