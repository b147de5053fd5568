import Plus from 'lucide-react/icons/plus';
import { useId, useState, type ReactNode } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { fr } from '../../../locales/fr/index.ts';

/**
 * A task form that, on a phone, waits behind a 'Nouvelle tâche' button, folded when the screen opens: the
 * tasks come first in the screen, not a form a person uses now and then. On a desk the form stays in view.
 */
export function NewTaskDisclosure({ children }: { children: ReactNode }) {
  const id = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  if (!phone) return children;
  return (
    <>
      <button
        type="button"
        className="button new-task-toggle"
        aria-expanded={unfolded}
        aria-controls={id}
        onClick={() => setUnfolded((current) => !current)}
      >
        <Plus aria-hidden="true" focusable="false" size={16} />
        {fr.tasks.create.title}
      </button>
      <div id={id} hidden={!unfolded}>
        {children}
      </div>
    </>
  );
}
