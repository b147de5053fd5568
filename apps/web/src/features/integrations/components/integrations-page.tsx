import '../../../styles/integrations.css';
import { useState } from 'react';
import type { CreatedWebhook, Webhook } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useCreateWebhook, useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks.ts';
import { DeliveryJournal } from './delivery-journal.tsx';
import { WebhookForm } from './webhook-form.tsx';

const t = fr.integrations;

/** Whether the webhook sends, and why not: switched off by someone, or by the server after a day of failures. */
function statusOf(webhook: Webhook): string {
  if (webhook.enabled)
    return webhook.failingSince ? t.list.failingSince(formatDateTime(webhook.failingSince)) : t.list.active;
  return webhook.disabledAt ? t.list.autoOff(formatDateTime(webhook.disabledAt)) : t.list.off;
}

/** /admin/integrations (administrators only): add, change, switch off and delete webhooks; their journal. */
export function IntegrationsPage() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [journalOf, setJournalOf] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const act = () => {
    setNotice(null);
    update.reset();
    remove.reset();
  };

  let list;
  if (webhooks.isPending) list = <Spinner label={t.list.loading} />;
  else if (webhooks.isError)
    list = (
      <>
        <Alert tone="error">{`${t.list.loadError} ${errorMessage(webhooks.error)}`}</Alert>
        <button type="button" className="button" onClick={() => void webhooks.refetch()}>
          {t.list.retry}
        </button>
      </>
    );
  else if (webhooks.data.length === 0) list = <p className="muted">{t.list.empty}</p>;
  else
    list = (
      <ul className="webhook-list" aria-label={t.list.caption}>
        {webhooks.data.map((webhook) =>
          editing === webhook.id ? (
            <li key={webhook.id} className="webhook-item">
              <WebhookForm
                webhook={webhook}
                busy={update.isPending}
                error={update.error}
                onCancel={() => setEditing(null)}
                onSubmit={(values) =>
                  update.mutate(
                    { id: webhook.id, change: values },
                    {
                      onSuccess: () => {
                        setEditing(null);
                        setNotice(t.list.saved);
                      },
                    },
                  )
                }
              />
            </li>
          ) : (
            <li key={webhook.id} className="webhook-item">
              <p className="webhook-url">{webhook.url}</p>
              <p className="muted">{webhook.description || t.list.noDescription}</p>
              <p
                className={
                  webhook.enabled && !webhook.failingSince
                    ? 'webhook-status'
                    : 'webhook-status webhook-status--bad'
                }
              >
                {statusOf(webhook)}
              </p>
              <p className="webhook-events-list">
                {webhook.events.map((name) => t.events[name]).join(' · ')}
              </p>
              <div className="webhook-actions" role="group" aria-label={t.list.actionsFor(webhook.url)}>
                <button
                  type="button"
                  className="button button--small"
                  aria-pressed={journalOf === webhook.id}
                  onClick={() => setJournalOf(journalOf === webhook.id ? null : webhook.id)}
                >
                  {t.list.journal}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    act();
                    setEditing(webhook.id);
                  }}
                >
                  {t.list.edit}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={update.isPending}
                  onClick={() => {
                    act();
                    update.mutate(
                      { id: webhook.id, change: { enabled: !webhook.enabled } },
                      { onSuccess: () => setNotice(t.list.saved) },
                    );
                  }}
                >
                  {webhook.enabled ? t.list.disable : t.list.enable}
                </button>
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => {
                    act();
                    setDeleting(webhook);
                  }}
                >
                  {t.list.remove}
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
    );

  const journalWebhook = webhooks.data?.find((webhook) => webhook.id === journalOf);
  return (
    <div className="integrations-page">
      <PageHeader title={t.title} />
      <p className="muted">{t.intro}</p>
      <section className="card" aria-labelledby="webhook-add-title">
        <h2 id="webhook-add-title">{t.form.addHeading}</h2>
        {created && (
          <div className="webhook-secret" role="status">
            <h3>{t.secret.heading}</h3>
            <p>{t.secret.text}</p>
            <code className="webhook-secret__value">{created.secret}</code>
            <button type="button" className="button button--small" onClick={() => setCreated(null)}>
              {t.secret.done}
            </button>
          </div>
        )}
        <WebhookForm
          busy={create.isPending}
          error={create.error}
          onSubmit={(values, reset) => {
            setCreated(null);
            create.mutate(values, {
              onSuccess: (webhook) => {
                setCreated(webhook);
                reset();
              },
            });
          }}
        />
      </section>
      <section className="card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">{t.list.heading}</h2>
        {notice && <Alert tone="success">{notice}</Alert>}
        {(update.isError && editing === null) || remove.isError ? (
          <Alert tone="error">{`${t.list.actionError} : ${errorMessage(update.error ?? remove.error)}`}</Alert>
        ) : null}
        {list}
      </section>
      {journalWebhook && <DeliveryJournal webhook={journalWebhook} onClose={() => setJournalOf(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t.list.confirmDeleteTitle}
          message={t.list.confirmDeleteText(deleting.url)}
          confirmLabel={t.list.confirmDelete}
          cancelLabel={t.list.confirmCancel}
          onConfirm={() => {
            const { id } = deleting;
            setDeleting(null);
            if (journalOf === id) setJournalOf(null);
            remove.mutate(id, { onSuccess: () => setNotice(t.list.removed) });
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
