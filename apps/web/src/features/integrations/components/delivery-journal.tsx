import { useEffect, useRef } from 'react';
import type { Webhook } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTimeSeconds } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useDeliveries, useRedeliver } from '../api/webhooks.ts';

const t = fr.integrations.journal;

/** 'Journal des envois': the webhook's last 100 deliveries, read again every few seconds while open. */
export function DeliveryJournal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened below the list (far down on a phone): the focus goes to it, so it is seen and read at once.
  useEffect(() => heading.current?.focus(), [webhook.id]);

  let body;
  if (deliveries.isPending) body = <Spinner label={t.loading} />;
  else if (deliveries.isError)
    body = <Alert tone="error">{`${t.loadError} ${errorMessage(deliveries.error)}`}</Alert>;
  else if (deliveries.data.length === 0) body = <p className="muted">{t.empty}</p>;
  else
    body = (
      <div className="table-scroll" role="region" aria-labelledby="journal-caption" tabIndex={0}>
        <table className="data-table data-table--stacked">
          <caption id="journal-caption" className="visually-hidden">
            {t.caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t.columns.event}</th>
              <th scope="col">{t.columns.date}</th>
              <th scope="col">{t.columns.status}</th>
              <th scope="col">{t.columns.answer}</th>
              <th scope="col">{t.columns.duration}</th>
              <th scope="col">{t.columns.attempts}</th>
              <th scope="col">{t.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <tr key={delivery.id}>
                <th scope="row">{fr.integrations.events[delivery.event]}</th>
                <td data-label={t.columns.date}>{formatDateTimeSeconds(delivery.createdAt)}</td>
                <td data-label={t.columns.status}>
                  <span className={`delivery-status delivery-status--${delivery.status}`}>
                    {t.status[delivery.status]}
                  </span>
                </td>
                <td data-label={t.columns.answer}>
                  {delivery.responseStatus ?? (delivery.attempts > 0 ? t.noAnswer : '—')}
                </td>
                <td data-label={t.columns.duration}>
                  {delivery.durationMs === null ? '—' : t.duration(delivery.durationMs)}
                </td>
                <td data-label={t.columns.attempts}>{delivery.attempts}</td>
                <td>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={redeliver.isPending}
                    onClick={() => redeliver.mutate({ id: webhook.id, deliveryId: delivery.id })}
                  >
                    {t.redeliver}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="card" aria-labelledby="journal-title">
      <h2 id="journal-title" ref={heading} tabIndex={-1}>
        {t.heading}
      </h2>
      <p className="muted webhook-journal__of">{t.of(webhook.url)}</p>
      {redeliver.isSuccess && <Alert tone="success">{t.redelivered}</Alert>}
      {redeliver.isError && (
        <Alert tone="error">{`${fr.integrations.list.actionError} : ${errorMessage(redeliver.error)}`}</Alert>
      )}
      {body}
      <div className="form__actions form__actions--start">
        <button type="button" className="button" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </section>
  );
}
