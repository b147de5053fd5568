import { describe, expect, it } from 'vitest';
import { addEdit } from './outbox.ts';
import { planPullPage } from './pull.ts';
import { entry, newEntry, TASK_1 } from './test-factories.ts';
import { computeView } from './view.ts';

const COMMENT = '00000000-0000-4000-8000-300000000001';
const comment = (overrides: Record<string, unknown> = {}) => ({
  id: COMMENT,
  version: 0,
  taskId: TASK_1,
  body: 'Bonjour',
  mentions: [],
  deletedAt: null,
  ...overrides,
});
const AT = '2026-11-23T10:00:00.000Z';

describe('comment tombstones', () => {
  it('a pull keeps a deleted comment as a row, where a deleted task is forgotten', () => {
    const tombstone = comment({ version: 1, body: null, deletedAt: AT });
    const page = { rows: [tombstone], cursor: '12..sig', hasMore: false, lastSeq: 0, resetRequired: false };
    expect(planPullPage(page, '10..sig', [], false, 'comment')).toMatchObject({
      put: [tombstone],
      remove: [],
    });
  });

  it('the view shows a comment deleted here as a tombstone with no text, and ignores a later edit of it', () => {
    const outbox = [
      entry({ entity: 'comment', op: 'delete', id: COMMENT, createdAt: AT }),
      entry({ entity: 'comment', op: 'patch', id: COMMENT, data: { body: 'Encore' } }),
    ];
    expect(computeView([comment()], outbox, 'comment')).toEqual([comment({ body: null, deletedAt: AT })]);
    // A server tombstone stays as it is.
    const stored = comment({ version: 1, body: null, deletedAt: AT });
    expect(computeView([stored], [], 'comment')).toEqual([stored]);
  });

  it('an edit of a comment not sent yet merges into the entry that creates it: one comment is sent', () => {
    const id = `tmp-${COMMENT}`;
    let outbox = addEdit(
      [],
      newEntry({
        entity: 'comment',
        op: 'upsert',
        id,
        baseVersion: 0,
        data: { taskId: TASK_1, body: 'Brouillon' },
      }),
    );
    outbox = addEdit(
      outbox,
      newEntry({ entity: 'comment', op: 'patch', id, baseVersion: 0, data: { body: 'Propre' } }),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ op: 'upsert', id, data: { taskId: TASK_1, body: 'Propre' } });
  });
});
