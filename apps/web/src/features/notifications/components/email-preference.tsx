import type { EmailNotificationMode } from '@jalon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { preferencesKey, preferencesQueryOptions, savePreferences } from '../api/notifications-api.ts';

const t = fr.notifications.email;
const MODES = Object.keys(t.modes) as EmailNotificationMode[];

/** /me's 'Notifications': 'Par e-mail' → 'Immédiatement', 'Résumé quotidien' or 'Jamais', saved as it is chosen. */
export function EmailPreferenceSection() {
  const id = useId();
  const headingId = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQueryOptions());
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (answer) => queryClient.setQueryData(preferencesKey, answer),
  });

  let body;
  if (preferences.isPending) body = <Spinner label={t.loading} />;
  else if (preferences.isError)
    body = <Alert tone="error">{`${t.loadFailed} : ${errorMessage(preferences.error)}`}</Alert>;
  else
    body = (
      <>
        <Field
          id={id}
          label={t.label}
          hint={t.hint}
          error={save.isError ? `${t.saveFailed} : ${errorMessage(save.error)}` : null}
        >
          {(control) => (
            <select
              {...control}
              value={save.isPending ? save.variables : preferences.data.email}
              onChange={(event) => save.mutate(event.target.value as EmailNotificationMode)}
            >
              {MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t.modes[mode]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="form__hint" role="status">
          {save.isPending ? t.saving : save.isSuccess ? t.saved : ''}
        </p>
      </>
    );

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.heading}</h2>
      {body}
    </section>
  );
}
