import { useState } from 'react';

let issued = 0;

/**
 * An id unique in the page, for a label's `htmlFor` and `aria-*` references. React's `useId`, as
 * preact/compat gives it (decision 0038), is unique per root and per Suspense boundary only: on the
 * dashboard, the lazily loaded preferences panel got the id of a project card's heading, and the card
 * took the panel's text as its accessible name. The app renders in the browser only (no server
 * rendering to match), so a counter is enough.
 */
export function useUniqueId(): string {
  const [id] = useState(() => `id-${(issued++).toString(36)}`);
  return id;
}
