import { describe, expect, it } from 'vitest';
import { cursorSeq, planPullPage, type KindPage } from './pull.ts';
import { entry, TASK_2, taskRow } from './test-factories.ts';

const page = (overrides: Partial<KindPage> = {}): KindPage => ({
  rows: [],
  cursor: '12.00000000-0000-4000-8000-000000000001.abcdefabcdefabcdefabcd',
  hasMore: false,
  lastSeq: 0,
  resetRequired: false,
  ...overrides,
});

describe('cursorSeq', () => {
  it('reads the change sequence of a server cursor, and nothing else', () => {
    expect(cursorSeq('12.00000000-0000-4000-8000-000000000001.abcdefabcdefabcdefabcd')).toBe(12);
    expect(cursorSeq('40..abcdefabcdefabcdefabcd')).toBe(40);
    expect(cursorSeq('opaque')).toBeNull();
    expect(cursorSeq(null)).toBeNull();
  });
});

describe('planPullPage', () => {
  it('puts changed rows, removes tombstones and stores the cursor', () => {
    const tombstone = taskRow({ id: TASK_2, deletedAt: '2026-11-23T10:00:00.000Z' });
    const plan = planPullPage(page({ rows: [taskRow(), tombstone] }), '10..sig', [], false, 'task');
    expect(plan).toEqual({
      clear: false,
      put: [taskRow()],
      remove: [TASK_2],
      cursor: page().cursor,
      outbox: [],
    });
  });

  it('drops acked entries covered by lastSeq, keeps the rest (a sent one still owes its answer)', () => {
    const outbox = [
      entry({ seq: 1, state: 'acked' }),
      entry({ seq: 2, state: 'sent' }),
      entry({ seq: 3, state: 'acked' }),
      entry(),
    ];
    expect(planPullPage(page({ lastSeq: 2 }), null, outbox, false, 'task')!.outbox).toEqual(outbox.slice(1));
  });

  it('drops only the entries of its own entity: a task page does not show a project write', () => {
    const outbox = [entry({ seq: 1, state: 'acked', entity: 'project' }), entry({ seq: 2, state: 'acked' })];
    expect(planPullPage(page({ lastSeq: 2 }), null, outbox, false, 'task')!.outbox).toEqual(
      outbox.slice(0, 1),
    );
    expect(planPullPage(page({ lastSeq: 2 }), null, outbox, false, 'project')!.outbox).toEqual(
      outbox.slice(1),
    );
  });

  it('ignores a stale answer (its cursor is behind the stored one)', () => {
    expect(planPullPage(page({ cursor: '11..sig' }), '12..sig', [], false, 'task')).toBeNull();
    expect(planPullPage(page({ cursor: '12..sig' }), '12..sig', [], false, 'task')).not.toBeNull();
  });

  it('clears the stored rows for a full read, whatever the stored cursor', () => {
    expect(planPullPage(page({ cursor: '3..sig' }), '12..sig', [], true, 'task')).toMatchObject({
      clear: true,
      cursor: '3..sig',
    });
  });
});
