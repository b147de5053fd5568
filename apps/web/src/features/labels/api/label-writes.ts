import type { LabelColor } from '@jalon/contract';
import { TMP_ID_PREFIX } from '@jalon/contract/plain';
import { useMemo } from 'react';
import { useEdit } from '../../../offline/use-edit.ts';

/**
 * A label made from the picker, through the outbox like a task: shown at once, sent when the network
 * allows, with a client-made id (the picker's, `useCreateOnce`), so the task that names it (`tmp-<id>`
 * until sent) and a resend are one label.
 */
export function useLabelWrites() {
  const edit = useEdit();
  return useMemo(
    () => ({
      create: (name: string, color: LabelColor, id: string) =>
        edit({ op: 'create', entity: 'label', data: { name, color }, id: `${TMP_ID_PREFIX}${id}` }),
    }),
    [edit],
  );
}
