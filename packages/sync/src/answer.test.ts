import type { SyncBatchResponse } from '@jalon/contract';
import { describe, expect, it } from 'vitest';
import { applyAnswer, applyOutOfOrder } from './answer.ts';
import {
  CLIENT,
  conflictRecord,
  conflictServerRow,
  entry,
  NOW,
  PROJECT_A,
  TASK_1,
  TASK_2,
} from './test-factories.ts';

const uuidP = '00000000-0000-4000-8000-100000000001';
const tmpProject = `tmp-${uuidP}`;
const answer = (overrides: Partial<SyncBatchResponse>): SyncBatchResponse => ({
  applied: [],
  conflicts: [],
  lastSeq: 0,
  changeSeq: 10,
  ...overrides,
});
const state = (outbox: ReturnType<typeof entry>[]) => ({
  outbox,
  conflicts: [],
  clientId: CLIENT,
  ackedThrough: 0,
});

describe('applyAnswer', () => {
  it('marks applied entries acked with their version and keeps them as overlays', () => {
    const result = applyAnswer(
      state([entry({ seq: 1, state: 'sent' })]),
      answer({ applied: [{ seq: 1, entity: 'task', id: TASK_1, version: 4 }], lastSeq: 1 }),
      NOW,
    );
    expect(result.outbox).toEqual([expect.objectContaining({ seq: 1, state: 'acked', ackedVersion: 4 })]);
    expect(result.ackedThrough).toBe(1);
  });

  it('rewrites a created tmp- id in the entry, in pending entries and in references', () => {
    const outbox = [
      entry({
        entity: 'project',
        op: 'upsert',
        id: tmpProject,
        baseVersion: 0,
        data: { name: 'P' },
        seq: 1,
        state: 'sent',
      }),
      entry({
        op: 'upsert',
        id: 'tmp-00000000-0000-4000-8000-100000000002',
        baseVersion: 0,
        data: { project: tmpProject },
      }),
      entry({
        entity: 'project',
        op: 'patch',
        id: tmpProject,
        baseVersion: 0,
        data: { name: 'Q' },
        base: { name: 'P' },
      }),
    ];
    const result = applyAnswer(
      state(outbox),
      answer({
        applied: [{ seq: 1, entity: 'project', id: uuidP, tmpId: tmpProject, version: 1 }],
        lastSeq: 1,
      }),
      NOW,
    );
    expect(result.renamed).toEqual([{ tmpId: tmpProject, id: uuidP }]);
    expect(result.outbox.map((item) => item.id)).toEqual([
      uuidP,
      'tmp-00000000-0000-4000-8000-100000000002',
      uuidP,
    ]);
    expect(result.outbox[1]!.data).toEqual({ project: uuidP });
    // The pending patch was made on top of the create: it starts from the created version.
    expect(result.outbox[2]!.baseVersion).toBe(1);
  });

  it('moves a pending edit to the version of this device own write only when nobody wrote in between', () => {
    const outbox = [
      entry({ seq: 1, state: 'sent', baseVersion: 3 }),
      entry({ seq: 2, state: 'sent', baseVersion: 3 }),
      entry({ baseVersion: 3 }),
    ];
    const chained = applyAnswer(
      state(outbox),
      answer({
        applied: [
          { seq: 1, entity: 'task', id: TASK_1, version: 4 },
          { seq: 2, entity: 'task', id: TASK_1, version: 5 },
        ],
        lastSeq: 2,
      }),
      NOW,
    );
    expect(chained.outbox[2]!.baseVersion).toBe(5);
    const interleaved = applyAnswer(
      state(outbox.slice(1)),
      answer({ applied: [{ seq: 2, entity: 'task', id: TASK_1, version: 6 }], lastSeq: 2 }),
      NOW,
    );
    expect(interleaved.outbox[1]!.baseVersion).toBe(3);
  });

  it('consumes a conflicting entry into a conflict record with the server row, both versions and the clashing fields', () => {
    const sent = entry({ seq: 2, state: 'sent', data: { title: 'Client' }, base: { title: 'Ancien' } });
    const server = conflictServerRow;
    const result = applyAnswer(
      state([sent]),
      answer({
        conflicts: [
          {
            seq: 2,
            entity: 'task',
            id: TASK_1,
            reason: 'version_mismatch',
            fields: ['title'],
            server,
            client: { title: 'Client' },
            serverVersion: 5,
            clientVersion: 3,
          },
        ],
        lastSeq: 2,
      }),
      NOW,
    );
    expect(result.outbox).toEqual([]);
    expect(result.conflicts).toEqual([conflictRecord()]);
    expect(result.ackedThrough).toBe(2);
  });

  it('records a conflict once when the same answer arrives twice (resent after a crash)', () => {
    const sent = entry({ seq: 1, state: 'sent' });
    const conflicting = answer({
      conflicts: [
        {
          seq: 1,
          entity: 'task',
          id: TASK_1,
          reason: 'not_found',
          server: null,
          client: {},
          serverVersion: null,
          clientVersion: 3,
        },
      ],
      lastSeq: 1,
    });
    const first = applyAnswer(state([sent]), conflicting, NOW);
    const again = applyAnswer({ ...state([sent]), conflicts: first.conflicts }, conflicting, NOW);
    expect(again.conflicts).toHaveLength(1);
  });

  it('treats already_applied as applied (its result was released), not as a conflict', () => {
    const result = applyAnswer(
      state([entry({ seq: 1, state: 'sent' })]),
      answer({
        conflicts: [
          {
            seq: 1,
            entity: 'task',
            id: TASK_1,
            reason: 'already_applied',
            server: null,
            client: {},
            serverVersion: null,
            clientVersion: 3,
          },
        ],
        lastSeq: 1,
      }),
      NOW,
    );
    expect(result.conflicts).toEqual([]);
    expect(result.outbox[0]).toMatchObject({ state: 'acked' });
    expect(result.outbox[0]).not.toHaveProperty('ackedVersion');
  });

  it('leaves unanswered and unsent entries as they are', () => {
    const outbox = [entry({ seq: 1, state: 'sent' }), entry({ id: TASK_2 })];
    expect(applyAnswer(state(outbox), answer({ lastSeq: 0 }), NOW)).toEqual({
      outbox,
      conflicts: [],
      ackedThrough: 0,
      renamed: [],
    });
  });

  it('renames the entity of a conflict record whose tmp- id another operation created', () => {
    const outbox = [
      entry({ entity: 'project', op: 'upsert', id: tmpProject, baseVersion: 0, seq: 1, state: 'sent' }),
      entry({
        entity: 'project',
        op: 'patch',
        id: tmpProject,
        baseVersion: 0,
        data: { name: 'Q' },
        seq: 2,
        state: 'sent',
      }),
    ];
    const result = applyAnswer(
      state(outbox),
      answer({
        applied: [{ seq: 1, entity: 'project', id: uuidP, tmpId: tmpProject, version: 1 }],
        conflicts: [
          {
            seq: 2,
            entity: 'project',
            id: uuidP,
            reason: 'invalid',
            server: null,
            client: {},
            serverVersion: 1,
            clientVersion: 0,
          },
        ],
        lastSeq: 2,
      }),
      NOW,
    );
    expect(result.conflicts[0]!.entityId).toBe(uuidP);
  });
});

describe('applyOutOfOrder', () => {
  it('sends again, under the same seqs, acked entries the server no longer knows', () => {
    const outbox = [
      entry({ seq: 3, state: 'acked', ackedVersion: 4 }),
      entry({ seq: 4, state: 'acked', ackedVersion: 5 }),
      entry({ seq: 5, state: 'sent' }),
    ];
    const result = applyOutOfOrder(outbox, 3)!;
    expect(result.map((item) => [item.seq, item.state])).toEqual([
      [3, 'acked'],
      [4, 'sent'],
      [5, 'sent'],
    ]);
    expect(result[1]).not.toHaveProperty('ackedVersion');
  });

  it('refuses (null) when a seq the server lacks is no longer on the device', () => {
    expect(applyOutOfOrder([entry({ seq: 7, state: 'sent' })], 3)).toBeNull();
  });

  it('keeps sent entries at or below lastSeq: the resend fetches their stored result', () => {
    const outbox = [
      entry({ seq: 2, state: 'sent', data: { project: PROJECT_A } }),
      entry({ seq: 3, state: 'sent' }),
    ];
    expect(applyOutOfOrder(outbox, 2)).toEqual(outbox);
  });
});
