import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TombstonePurge } from '../sync/tombstone-purge.ts';
import { createTestContext, inject, signIn, signInAdmin, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: { token: string; user: { id: string } };
let alice: { token: string; user: { id: string } };
let projectId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAdmin(ctx);
  alice = await signIn(ctx);
  projectId = (
    await call('POST', '/api/projects', alice.token, {
      name: 'Salon',
      description: 'Le stand',
      deadline: '2027-01-31T23:59:59.999Z',
    })
  ).json().data.id;
});
afterAll(() => ctx.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return inject(ctx.app, { method, url, token, payload, headers });
}
const label = async (name: string, color = 'blue', token = alice.token) => {
  const response = await call('POST', '/api/labels', token, { name, color });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; name: string; color: string; version: number };
};
const task = async (fields: Record<string, unknown> = {}) => {
  const response = await call('POST', '/api/tasks', alice.token, {
    title: 'Monter le stand',
    project: projectId,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; labels: string[]; version: number };
};
const taskIds = async (query: string) =>
  ((await call('GET', `/api/tasks?${query}`, alice.token)).json().data as Array<{ id: string }>).map(
    (item) => item.id,
  );
const sorted = (ids: string[]) => [...ids].sort();

describe('labels API', () => {
  it('lets any member create a label, and lists every live label by name', async () => {
    const created = await label('  Urgent  ', 'red');
    expect(created).toMatchObject({ name: 'Urgent', color: 'red', version: 0, deletedAt: null });
    await label('bug', 'orange');
    const list = (await call('GET', '/api/labels', admin.token)).json();
    const names = (list.data as Array<{ name: string }>).map((item) => item.name);
    expect(names).toContain('Urgent');
    expect(names.indexOf('bug')).toBeLessThan(names.indexOf('Urgent'));
    expect(list.cursor).toEqual(expect.any(String));
  });

  it('refuses a name another live label has, whatever its case or accents, with 409 name_taken', async () => {
    const first = await label('Écran', 'green');
    for (const name of ['écran', 'ECRAN', 'Ecran']) {
      const response = await call('POST', '/api/labels', alice.token, { name, color: 'gray' });
      expect(response.statusCode, name).toBe(409);
      expect(response.json().code).toBe('name_taken');
    }
    const other = await label('Écrans', 'green');
    const renamed = await call('PATCH', `/api/labels/${other.id}`, admin.token, { name: 'ecran' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('name_taken');
    // Its own name in another case is no clash, and a deleted label's name is free again.
    expect((await call('PATCH', `/api/labels/${first.id}`, admin.token, { name: 'ÉCRAN' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/labels/${first.id}`, admin.token)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/labels', alice.token, { name: 'écran', color: 'pink' })).statusCode,
    ).toBe(201);
  });

  it('validates the name (1–40 characters) and the colour (one of eight names)', async () => {
    for (const body of [
      { name: '', color: 'blue' },
      { name: '   ', color: 'blue' },
      { name: 'x'.repeat(41), color: 'blue' },
      { name: 'Client', color: 'teal' },
      { name: 'Client', color: '#ff0000' },
      { name: 'Client' },
      { name: 'Client', color: 'blue', version: 2 },
    ]) {
      const response = await call('POST', '/api/labels', alice.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await label('x'.repeat(40), 'purple')).name).toHaveLength(40);
  });

  it('keeps renaming, recolouring and deleting to administrators (the attacker’s path: 403)', async () => {
    const mine = await label('Client', 'yellow');
    const patched = await call('PATCH', `/api/labels/${mine.id}`, alice.token, { color: 'red' });
    expect(patched.statusCode).toBe(403);
    const deleted = await call('DELETE', `/api/labels/${mine.id}`, alice.token);
    expect(deleted.statusCode).toBe(403);
    const still = (await call('GET', '/api/labels', alice.token)).json().data;
    expect(still).toContainEqual(expect.objectContaining({ id: mine.id, color: 'yellow', version: 0 }));
  });

  it('takes X-Entity-Version on PATCH and DELETE: a stale one is 409 with the server row', async () => {
    const mine = await label('Devis', 'gray');
    const first = await call(
      'PATCH',
      `/api/labels/${mine.id}`,
      admin.token,
      { color: 'blue' },
      {
        'x-entity-version': '0',
      },
    );
    expect(first.json().data).toMatchObject({ color: 'blue', version: 1 });
    const stale = await call(
      'PATCH',
      `/api/labels/${mine.id}`,
      admin.token,
      { name: 'Devis signé' },
      {
        'x-entity-version': '0',
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const staleDelete = await call('DELETE', `/api/labels/${mine.id}`, admin.token, undefined, {
      'x-entity-version': '0',
    });
    expect(staleDelete.statusCode).toBe(409);
    expect(
      (await call('PATCH', `/api/labels/${randomUUID()}`, admin.token, { color: 'red' })).statusCode,
    ).toBe(404);
  });

  it('puts labels on a task as a set (each once), at most 10, and refuses an unknown or deleted one', async () => {
    const a = await label('Lot A', 'blue');
    const b = await label('Lot B', 'green');
    const made = await task({ labels: [b.id, a.id, b.id] });
    expect(made.labels).toEqual(sorted([a.id, b.id]));

    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => label(`Série ${i}`, 'gray')));
    const tooMany = await call('POST', '/api/tasks', alice.token, {
      title: 'Trop',
      project: projectId,
      labels: eleven.map((item) => item.id),
    });
    expect(tooMany.statusCode).toBe(400);
    const ten = await call('PATCH', `/api/tasks/${made.id}`, alice.token, {
      labels: eleven.slice(0, 10).map((item) => item.id),
    });
    expect(ten.statusCode).toBe(200);

    const unknown = await call('PATCH', `/api/tasks/${made.id}`, alice.token, { labels: [randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'labels', message: 'Unknown label' }]);
    const gone = await label('Éphémère', 'pink');
    await call('DELETE', `/api/labels/${gone.id}`, admin.token);
    const deleted = await call('POST', '/api/tasks', alice.token, {
      title: 'Avec une étiquette supprimée',
      project: projectId,
      labels: [gone.id],
    });
    expect(deleted.statusCode).toBe(400);
  });

  it('filters tasks by label: ?label= repeated means every given label', async () => {
    const bug = await label('Anomalie', 'red');
    const client = await label('Client Dupont', 'purple');
    const both = await task({ labels: [bug.id, client.id] });
    const onlyBug = await task({ labels: [bug.id] });
    await task();
    expect(sorted(await taskIds(`label=${bug.id}`))).toEqual(sorted([both.id, onlyBug.id]));
    expect(await taskIds(`label=${bug.id}&label=${client.id}`)).toEqual([both.id]);
    expect(await taskIds(`label=${client.id}&projectId=${projectId}`)).toEqual([both.id]);
    expect((await call('GET', '/api/tasks?label=nope', alice.token)).statusCode).toBe(400);
    const cursor = (await call('GET', '/api/tasks?limit=1', alice.token)).json().cursor as string;
    const since = await call(
      'GET',
      `/api/tasks?since=${encodeURIComponent(cursor)}&label=${bug.id}`,
      alice.token,
    );
    expect(since.statusCode).toBe(400);
  });

  it('filters tasks by status and assignee, alone or with a label, as an integration reads its list', async () => {
    const urgent = await label('Relance fournisseur', 'red');
    const bob = await signIn(ctx);
    const mine = await task({ status: 'in_progress', assignee: bob.user.id, labels: [urgent.id] });
    const notLabelled = await task({ status: 'in_progress', assignee: bob.user.id });
    const otherStatus = await task({ status: 'done', assignee: bob.user.id, labels: [urgent.id] });
    await task({ status: 'in_progress', labels: [urgent.id] });
    const bobs = `assignee=${bob.user.id}`;
    expect(sorted(await taskIds(bobs))).toEqual(sorted([mine.id, notLabelled.id, otherStatus.id]));
    expect(sorted(await taskIds(`${bobs}&status=in_progress`))).toEqual(sorted([mine.id, notLabelled.id]));
    expect(await taskIds(`${bobs}&status=in_progress&label=${urgent.id}&projectId=${projectId}`)).toEqual([
      mine.id,
    ]);
    expect((await taskIds('status=done')).includes(otherStatus.id)).toBe(true);
    // An unknown status, an id in another form, or a filter on a delta read: a clear 400.
    for (const query of ['status=finished', `assignee=${bob.user.id.toUpperCase()}`, 'assignee=bob']) {
      const response = await call('GET', `/api/tasks?${query}`, alice.token);
      expect(response.statusCode, query).toBe(400);
    }
    const cursor = (await call('GET', '/api/tasks?limit=1', alice.token)).json().cursor as string;
    const since = await call('GET', `/api/tasks?since=${encodeURIComponent(cursor)}&${bobs}`, alice.token);
    expect(since.statusCode).toBe(400);
    expect(since.json().errors[0].path).toBe('assignee');
  });

  it('takes a deleted label off every task in the same change, so a delta read brings those tasks', async () => {
    const doomed = await label('Obsolète', 'orange');
    const kept = await label('Gardée', 'blue');
    const first = await task({ labels: [doomed.id, kept.id] });
    const second = await task({ labels: [doomed.id] });
    const cursor = (await call('GET', '/api/tasks?limit=1', alice.token)).json().cursor as string;
    const labelCursor = (await call('GET', '/api/labels', alice.token)).json().cursor as string;

    expect((await call('DELETE', `/api/labels/${doomed.id}`, admin.token)).statusCode).toBe(200);

    const changed = (await call('GET', `/api/tasks?since=${encodeURIComponent(cursor)}`, alice.token)).json()
      .data as Array<{ id: string; labels: string[]; version: number }>;
    expect(changed.find((item) => item.id === first.id)).toMatchObject({ labels: [kept.id], version: 1 });
    expect(changed.find((item) => item.id === second.id)).toMatchObject({ labels: [], version: 1 });
    const labels = (
      await call('GET', `/api/labels?since=${encodeURIComponent(labelCursor)}`, alice.token)
    ).json().data as Array<{ id: string; deletedAt: string | null }>;
    expect(labels).toEqual([expect.objectContaining({ id: doomed.id, deletedAt: expect.any(String) })]);
    expect(await taskIds(`label=${doomed.id}`)).toEqual([]);
  });

  it('purges a label’s tombstone past the horizon, as tasks’ and projects’', async () => {
    const old = await label('Ancienne', 'gray');
    await call('DELETE', `/api/labels/${old.id}`, admin.token);
    await ctx.db.execute(
      sql`update labels set deleted_at = now() - make_interval(days => 31) where id = ${old.id}`,
    );
    await new TombstonePurge(ctx.db, 30).runOnce();
    const left = await ctx.db.execute(sql`select id from labels where id = ${old.id}`);
    expect(left.rows).toEqual([]);
  });

  it('audits label writes with their names', async () => {
    const audited = await label('Audité', 'green');
    await call('DELETE', `/api/labels/${audited.id}`, admin.token);
    const rows = await ctx.db.execute<{ type: string; details: string }>(
      sql`select type, details from audit_log where resource = ${`label:${audited.id}`} order by id`,
    );
    expect(rows.rows.map((row) => [row.type, row.details])).toEqual([
      ['task.label.created', 'Étiquette créée : Audité'],
      ['task.label.deleted', 'Étiquette supprimée : Audité'],
    ]);
  });
});
