import { useState, type FormEvent } from 'react';
import type { Webhook, WebhookEvent } from '@jalon/contract';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '@jalon/contract/plain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { ignoreRepeatClick } from '../../../lib/use-create-once.ts';

const t = fr.integrations.form;

export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
  description: string;
}

interface WebhookFormProps {
  /** The webhook being edited; absent, the form adds one. */
  webhook?: Webhook;
  busy: boolean;
  error: unknown;
  onSubmit: (values: WebhookFormValues, reset: () => void) => void;
  onCancel?: () => void;
}

/** URL, events and description: to add a webhook, or to change one (then with 'Annuler'). */
export function WebhookForm({ webhook, busy, error, onSubmit, onCancel }: WebhookFormProps) {
  const prefix = webhook ? `webhook-${webhook.id}` : 'webhook-new';
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? ['task.created', 'task.updated']);
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [noEvent, setNoEvent] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) => {
    setNoEvent(false);
    setEvents((current) => WEBHOOK_EVENTS.filter((name) => (name === event ? on : current.includes(name))));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (events.length === 0) {
      setNoEvent(true);
      return;
    }
    onSubmit({ url: url.trim(), events, description: description.trim() }, () => {
      setUrl('');
      setDescription('');
      setEvents(['task.created', 'task.updated']);
    });
  };

  return (
    <form className="form" onSubmit={submit} aria-label={webhook ? t.editHeading : t.addHeading}>
      {error !== null && <Alert tone="error">{`${t.error} : ${errorMessage(error)}`}</Alert>}
      <Field id={`${prefix}-url`} label={t.url} hint={t.urlHint} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={WEBHOOK_LIMITS.urlMax}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="webhook-events" aria-describedby={noEvent ? `${prefix}-events-error` : undefined}>
        <legend>{t.events}</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="checkbox">
            <input
              type="checkbox"
              checked={events.includes(name)}
              onChange={(event) => toggle(name, event.target.checked)}
            />
            {fr.integrations.events[name]}
          </label>
        ))}
        {noEvent && (
          <p className="field__error" id={`${prefix}-events-error`} role="alert">
            {t.noEvent}
          </p>
        )}
      </fieldset>
      <Field id={`${prefix}-description`} label={t.description}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            maxLength={WEBHOOK_LIMITS.descriptionMax}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <div className="form__actions form__actions--start">
        <button type="submit" className="button button--primary" disabled={busy} onClick={ignoreRepeatClick}>
          {webhook ? (busy ? t.saving : t.save) : busy ? t.adding : t.add}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
