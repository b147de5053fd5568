import { describe, expect, it } from 'vitest';
import { entryForEdit } from './edit.ts';

const newId = () => '00000000-0000-4000-8000-000000000009';

describe('entryForEdit', () => {
  it('bases a patch on the fields the row shows, null included, and leaves out those it does not show', () => {
    // A row this device created shows only what it was given, not the server's defaults.
    const created = [{ id: 'tmp-1', version: 0, title: 'a' }];
    expect(
      entryForEdit(
        { op: 'patch', entity: 'task', id: 'tmp-1', data: { title: 'b', status: 'done' } },
        created,
        newId,
      ),
    ).toMatchObject({ base: { title: 'a' } });
    expect(
      entryForEdit({ op: 'patch', entity: 'task', id: 'tmp-1', data: { status: 'done' } }, created, newId),
    ).not.toHaveProperty('base');
    const pulled = [{ id: 't', version: 2, deadline: null }];
    expect(
      entryForEdit(
        { op: 'patch', entity: 'task', id: 't', data: { deadline: '2027-01-01T00:00:00.000Z' } },
        pulled,
        newId,
      ),
    ).toMatchObject({ baseVersion: 2, base: { deadline: null } });
  });
});
