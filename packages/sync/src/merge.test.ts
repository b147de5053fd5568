import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal.ts';
import { mergePatch, type Fields } from './merge.ts';

describe('mergePatch', () => {
  const server = { title: 'Serveur', status: 'in_progress', progress: 40, deadline: null };

  it('merges a patch on a field only the client changed', () => {
    expect(mergePatch({ server, data: { title: 'Client' }, base: { title: 'Serveur' } })).toEqual({
      conflicts: [],
      changes: { title: 'Client' },
    });
  });

  it('keeps the server value on a field only the server changed (the patch did not touch it)', () => {
    expect(mergePatch({ server, data: { progress: 50 }, base: { progress: 40 } })).toEqual({
      conflicts: [],
      changes: { progress: 50 },
    });
  });

  it('merges disjoint patches whatever the server changed elsewhere', () => {
    const result = mergePatch({
      server: { ...server, title: 'Autre' },
      data: { status: 'done' },
      base: { status: 'in_progress' },
    });
    expect(result).toEqual({ conflicts: [], changes: { status: 'done' } });
  });

  it('merges an equal-value change with nothing to write', () => {
    expect(mergePatch({ server, data: { title: 'Serveur' }, base: { title: 'Ancien' } })).toEqual({
      conflicts: [],
      changes: {},
    });
  });

  it('names the fields of a true clash', () => {
    const result = mergePatch({
      server,
      data: { title: 'Client', progress: 10, status: 'done' },
      base: { title: 'Ancien', progress: 0, status: 'in_progress' },
    });
    expect(result.conflicts).toEqual(['title', 'progress']);
    expect(result.changes).toEqual({ title: 'Client', progress: 10, status: 'done' });
  });

  it('treats a field missing from base as unseen', () => {
    expect(mergePatch({ server, data: { title: 'Client' }, base: {} }).conflicts).toEqual(['title']);
  });

  it('compares arrays, objects and null deeply', () => {
    const result = mergePatch({
      server: { tags: ['a', 'b'], meta: { x: 1 }, deadline: null },
      data: { tags: ['a', 'b'], meta: { x: 1 }, deadline: null },
      base: {},
    });
    expect(result).toEqual({ conflicts: [], changes: {} });
  });

  it('without base reports no conflict: the caller compares versions instead', () => {
    expect(mergePatch({ server, data: { title: 'Client' }, base: undefined })).toEqual({
      conflicts: [],
      changes: { title: 'Client' },
    });
  });
});

describe('jsonEqual', () => {
  it('ignores key order and undefined properties, not array order', () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1, c: undefined })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
  });
});

// Few field names and values, so that equal values (the interesting cases) are frequent.
const fieldNames = ['title', 'status', 'progress', 'deadline'];
const jsonValue = fc.oneof(
  fc.constantFrom<unknown>(null, 'a', 'b', 0, 1, true),
  fc.constantFrom<unknown>(['a'], ['a', 'b'], { x: 1 }, { x: 2 }),
);
const fieldsOf = (names: string[]) =>
  fc.record(
    Object.fromEntries(names.map((name) => [name, jsonValue])) as Record<string, fc.Arbitrary<unknown>>,
  );
const scenario = fc
  .subarray(fieldNames, { minLength: 1 })
  .chain((names) =>
    fc.record({ server: fieldsOf(fieldNames), data: fieldsOf(names), base: fieldsOf(names) }),
  );

describe('mergePatch properties', () => {
  it('a field conflicts iff the server changed it from base to a value other than the new one', () => {
    fc.assert(
      fc.property(scenario, ({ server, data, base }) => {
        const { conflicts } = mergePatch({ server, data, base });
        const expected = Object.keys(data).filter(
          (field) => !jsonEqual(server[field], base[field]) && !jsonEqual(server[field], data[field]),
        );
        expect(conflicts).toEqual(expected);
        // The client changed the fields it sends: then a conflict is exactly "both changed, to different values".
        for (const field of conflicts) {
          if (!jsonEqual(data[field], base[field])) expect(jsonEqual(server[field], data[field])).toBe(false);
        }
      }),
    );
  });

  it('applying changes to the server yields the new values on every non-conflicting field', () => {
    fc.assert(
      fc.property(scenario, ({ server, data, base }) => {
        const { conflicts, changes } = mergePatch({ server, data, base });
        const merged: Fields = { ...server, ...changes };
        for (const field of Object.keys(data).filter((name) => !conflicts.includes(name)))
          expect(jsonEqual(merged[field], data[field])).toBe(true);
        for (const field of Object.keys(server).filter((name) => !(name in data)))
          expect(merged[field]).toBe(server[field]);
      }),
    );
  });

  it('is idempotent: a patch equal to the server has nothing to change and no conflict', () => {
    fc.assert(
      fc.property(scenario, ({ server, data, base }) => {
        const same = Object.fromEntries(Object.keys(data).map((field) => [field, server[field]]));
        expect(mergePatch({ server, data: same, base })).toEqual({ conflicts: [], changes: {} });
        const { changes } = mergePatch({ server, data, base });
        expect(mergePatch({ server: { ...server, ...changes }, data, base: server }).changes).toEqual({});
      }),
    );
  });
});
