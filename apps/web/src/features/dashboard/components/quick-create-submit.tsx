import { dashboard } from '../../../locales/fr/dashboard.ts';
import { ignoreRepeatClick } from '../../../lib/use-create-once.ts';

const t = dashboard.quickCreate;

interface QuickCreateSubmitProps {
  error: string | null;
  pending: boolean;
}

/** The end of both quick-create forms: the refusal (if any) right above the button that caused it. */
export function QuickCreateSubmit({ error, pending }: QuickCreateSubmitProps) {
  return (
    <>
      {error !== null && (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="form__actions form__actions--start">
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          onClick={ignoreRepeatClick}
        >
          {pending ? t.submitting : t.submit}
        </button>
      </div>
    </>
  );
}
