import { describe, expect, it } from 'vitest';
import { ResolutionError, resolveConflict } from './resolution.ts';
import { conflictRecord, conflictServerRow, TASK_1 } from './test-factories.ts';

const LATER = '2026-11-23T13:00:00.000Z';
const server = conflictServerRow;
const record = conflictRecord;

describe('resolveConflict', () => {
  it('marks resolved without writing', () => {
    expect(resolveConflict(record(), { action: 'markResolved' }, LATER)).toEqual({
      record: record({ resolved: true, resolvedAt: LATER }),
      edit: null,
      serverRow: null,
    });
  });

  it('applies the server version by showing its row, without writing', () => {
    expect(resolveConflict(record(), { action: 'applyServer' }, LATER)).toMatchObject({
      edit: null,
      serverRow: server,
    });
    expect(() => resolveConflict(record({ serverData: null }), { action: 'applyServer' }, LATER)).toThrow(
      ResolutionError,
    );
  });

  it('replays the original data as a new patch at the server version, based on the server values', () => {
    expect(resolveConflict(record(), { action: 'replayClient' }, LATER).edit).toEqual({
      entity: 'task',
      op: 'patch',
      id: TASK_1,
      baseVersion: 5,
      data: { title: 'Client' },
      base: { title: 'Serveur' },
    });
  });

  it('replays a create that never happened as the same create, and a delete as a delete at the server version', () => {
    const tmp = 'tmp-00000000-0000-4000-8000-100000000002';
    expect(
      resolveConflict(
        record({
          op: 'upsert',
          entityId: tmp,
          serverData: null,
          serverVersion: null,
          originalData: { title: 'x' },
        }),
        { action: 'replayClient' },
        LATER,
      ).edit,
    ).toEqual({
      entity: 'task',
      op: 'upsert',
      id: tmp,
      baseVersion: 0,
      data: { title: 'x' },
    });
    expect(
      resolveConflict(record({ op: 'delete', originalData: {} }), { action: 'replayClient' }, LATER).edit,
    ).toMatchObject({ op: 'delete', baseVersion: 5, data: {} });
  });

  it('writes the fields of a manual merge that differ from the server', () => {
    const json = JSON.stringify({ ...server, title: 'Fusion', progress: 40 });
    expect(resolveConflict(record(), { action: 'merge', json }, LATER).edit).toEqual({
      entity: 'task',
      op: 'patch',
      id: TASK_1,
      baseVersion: 5,
      data: { title: 'Fusion' },
      base: { title: 'Serveur' },
    });
    expect(resolveConflict(record(), { action: 'merge', json: JSON.stringify(server) }, LATER)).toMatchObject(
      { edit: null, record: { resolved: true } },
    );
  });

  it('refuses invalid JSON with the parser message, for "JSON invalide: " + message', () => {
    let thrown: unknown;
    try {
      resolveConflict(record(), { action: 'merge', json: '{"title": ' }, LATER);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ResolutionError);
    expect(thrown).toMatchObject({ code: 'invalid_json' });
    expect((thrown as Error).message).toMatch(/JSON/);
    expect(() => resolveConflict(record(), { action: 'merge', json: '[1]' }, LATER)).toThrow(
      'A JSON object is expected',
    );
  });

  it('refuses to resolve twice', () => {
    expect(() => resolveConflict(record({ resolved: true }), { action: 'markResolved' }, LATER)).toThrow(
      ResolutionError,
    );
  });
});
