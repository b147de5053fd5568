import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed.ts';
import { ShownOnce } from './shown-once.tsx';

const t = fr.me.feed;

/**
 * /me's 'Flux agenda' (issue 39): one secret address a calendar app subscribes to. Only its hash is
 * kept, so the address is shown once; making another replaces it, and it can be revoked.
 */
export function CalendarFeedSection() {
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  const confirmRevoke = () => {
    setConfirming(false);
    create.reset();
    revoke.mutate();
  };

  let body;
  if (status.isPending) body = <Spinner label={t.loading} />;
  else if (status.isError)
    body = <Alert tone="error">{`${t.loadError} : ${errorMessage(status.error)}`}</Alert>;
  else
    body = (
      <>
        <p>
          {status.data.active && status.data.createdAt
            ? t.activeSince(formatDateTime(status.data.createdAt))
            : t.none}
        </p>
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={create.isPending}
            onClick={(event) => {
              // The second click of a double click would make a second address, revoking the first.
              if (event.detail > 1) return;
              revoke.reset();
              create.mutate();
            }}
          >
            {create.isPending ? t.creating : status.data.active ? t.replace : t.create}
          </button>
          {status.data.active && (
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              {t.revoke}
            </button>
          )}
        </div>
      </>
    );

  return (
    <section className="card" aria-labelledby="me-feed-title">
      <h2 id="me-feed-title">{t.heading}</h2>
      <p className="form__hint">{t.intro}</p>
      {create.isError && <Alert tone="error">{`${t.createFailed} : ${errorMessage(create.error)}`}</Alert>}
      {revoke.isError && <Alert tone="error">{`${t.revokeFailed} : ${errorMessage(revoke.error)}`}</Alert>}
      {revoke.isSuccess && <Alert tone="success">{t.revoked}</Alert>}
      {create.isSuccess && (
        <div className="api-token__new">
          <Alert tone="success">{t.copyNow}</Alert>
          <ShownOnce
            id="me-feed-url"
            label={t.urlLabel}
            value={create.data.url}
            copyLabel={t.copy}
            copiedLabel={t.copied}
          />
        </div>
      )}
      {body}
      {confirming && (
        <ConfirmDialog
          title={t.revokeTitle}
          message={t.revokeText}
          confirmLabel={t.revoke}
          cancelLabel={t.cancel}
          onConfirm={confirmRevoke}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
