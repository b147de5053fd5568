import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, type Comment, type CommentThread, type TaskActivityPage } from '@jalon/contract';
import { auditLog, comments, users } from '../../db/schema.ts';
import { createTestContext, inject, signIn, signInAdmin, type TestContext } from '../../test/test-app.ts';
import { Device, real, tmp } from '../../test/sync/sync-test-kit.ts';
import { readSince } from '../events/change-reader.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof signIn>>;
const DEADLINE = '2027-03-31T23:59:59.999Z';
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) => inject(ctx.app, { method, url, token, payload, headers });

async function taskOf(member: Member, title = 'Préparer la démo') {
  const project = (
    await call('POST', '/api/projects', member.token, { name: title, description: 'd', deadline: DEADLINE })
  ).json().data as { id: string };
  return (await call('POST', '/api/tasks', member.token, { title, project: project.id })).json().data as {
    id: string;
    version: number;
    project: string;
  };
}
async function comment(member: Member, taskId: string, body: string): Promise<Comment> {
  const response = await call('POST', `/api/tasks/${taskId}/comments`, member.token, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Comment;
}
async function thread(member: Member, taskId: string, query = ''): Promise<CommentThread> {
  const response = await call('GET', `/api/tasks/${taskId}/comments${query}`, member.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CommentThread;
}
const auditRows = (taskId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, `task:${taskId}`), like(auditLog.type, 'task.comment.%')))
    .orderBy(auditLog.id);

describe('comments on a task', () => {
  it('any member comments a task; the thread lists comments oldest first with their author', async () => {
    const alice = await signIn(ctx, { username: 'Alice' });
    const bruno = await signIn(ctx, { username: 'Bruno' });
    const task = await taskOf(alice);
    const first = await comment(alice, task.id, '  Premier **jet**  ');
    const second = await comment(bruno, task.id, 'Relu, merci.');
    expect(first).toMatchObject({
      taskId: task.id,
      body: 'Premier **jet**',
      mentions: [],
      author: { id: alice.user.id, username: 'Alice' },
      version: 0,
      deletedAt: null,
    });
    const { items, next } = await thread(bruno, task.id);
    expect(items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(items[1]!.author).toEqual({ id: bruno.user.id, username: 'Bruno' });
    expect(next).toBeNull();
  });

  it('pages the thread with after and next, and keeps to its limits', async () => {
    const carla = await signIn(ctx);
    const task = await taskOf(carla);
    const made: string[] = [];
    for (const body of ['un', 'deux', 'trois', 'quatre', 'cinq'])
      made.push((await comment(carla, task.id, body)).id);
    const first = await thread(carla, task.id, '?limit=2');
    expect(first.items.map((item) => item.body)).toEqual(['un', 'deux']);
    expect(first.next).toBe(made[1]);
    const second = await thread(carla, task.id, `?limit=2&after=${first.next}`);
    expect(second.items.map((item) => item.body)).toEqual(['trois', 'quatre']);
    const last = await thread(carla, task.id, `?limit=2&after=${second.next}`);
    expect(last.items.map((item) => item.body)).toEqual(['cinq']);
    expect(last.next).toBeNull();
    for (const query of ['?limit=0', `?limit=${COMMENT_LIMITS.pageMax + 1}`, '?after=x', '?before=1']) {
      expect(
        (await call('GET', `/api/tasks/${task.id}/comments${query}`, carla.token)).statusCode,
        query,
      ).toBe(400);
    }
  });

  it('takes 1 to 10,000 characters after trimming and no control characters; 10,001 is refused', async () => {
    const dora = await signIn(ctx);
    const task = await taskOf(dora);
    const post = (body: unknown) => call('POST', `/api/tasks/${task.id}/comments`, dora.token, { body });
    expect((await post('x'.repeat(COMMENT_LIMITS.bodyMax))).statusCode).toBe(201);
    expect((await post(`  ${'x'.repeat(COMMENT_LIMITS.bodyMax)}  `)).statusCode).toBe(201);
    for (const body of ['x'.repeat(COMMENT_LIMITS.bodyMax + 1), '', '   \n ', 'bip\u0007', 42]) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    // A pasted Windows line ending is ordinary in a multi-line text.
    expect((await post('ligne 1\r\nligne 2\ttab')).statusCode).toBe(201);
    expect(
      (await call('POST', `/api/tasks/${task.id}/comments`, dora.token, { body: 'x', extra: 1 })).statusCode,
    ).toBe(400);
  });

  it('stores script and HTML as the text they are: nothing is rendered or rewritten by the server', async () => {
    const emile = await signIn(ctx);
    const task = await taskOf(emile);
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const made = await comment(emile, task.id, hostile);
    const response = await call('GET', `/api/tasks/${task.id}/comments`, emile.token);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect((response.json().data as CommentThread).items[0]!.body).toBe(hostile);
    expect(made.body).toBe(hostile);
  });

  it('parses mentions of active members; unknown and deactivated ids stay text, unlisted', async () => {
    const fanny = await signIn(ctx, { username: 'Fanny' });
    const gaspard = await signIn(ctx, { username: 'Gaspard' });
    const henri = await signIn(ctx, { username: 'Henri' });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, henri.user.id));
    const task = await taskOf(fanny);
    const unknown = randomUUID();
    const body = `<@${gaspard.user.id}> et <@${henri.user.id}> et <@${unknown}>, encore <@${gaspard.user.id}>`;
    const made = await comment(fanny, task.id, body);
    expect(made.body).toBe(body);
    expect(made.mentions).toEqual([gaspard.user.id]);
    // An edit works the mentions out again.
    const edited = await call('PATCH', `/api/comments/${made.id}`, fanny.token, {
      body: `<@${fanny.user.id}>`,
    });
    expect(edited.json().data.mentions).toEqual([fanny.user.id]);
  });

  it('lets only the author edit (409 on a stale version), the author or an administrator delete', async () => {
    const ines = await signIn(ctx, { username: 'Inès' });
    const jules = await signIn(ctx, { username: 'Jules' });
    const admin = await signInAdmin(ctx);
    const task = await taskOf(ines);
    const made = await comment(ines, task.id, 'v0');

    const byOther = await call('PATCH', `/api/comments/${made.id}`, jules.token, { body: 'pris' });
    expect(byOther.statusCode).toBe(403);
    expect((await call('PATCH', `/api/comments/${made.id}`, admin.token, { body: 'pris' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/comments/${made.id}`, jules.token)).statusCode).toBe(403);

    const v1 = await call(
      'PATCH',
      `/api/comments/${made.id}`,
      ines.token,
      { body: 'v1' },
      { 'x-entity-version': '0' },
    );
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json().data).toMatchObject({ body: 'v1', version: 1 });
    const stale = await call(
      'PATCH',
      `/api/comments/${made.id}`,
      ines.token,
      { body: 'v2' },
      { 'x-entity-version': '0' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', serverVersion: 1, clientVersion: 0 });

    const other = await comment(ines, task.id, 'à supprimer par un administrateur');
    expect((await call('DELETE', `/api/comments/${other.id}`, admin.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/comments/${made.id}`, ines.token)).statusCode).toBe(200);
    // A tombstone is gone for writes.
    expect((await call('PATCH', `/api/comments/${made.id}`, ines.token, { body: 'v3' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/comments/${made.id}`, ines.token)).statusCode).toBe(404);
  });

  it('keeps a deleted comment in the thread as a tombstone, its text gone from the database', async () => {
    const karim = await signIn(ctx);
    const task = await taskOf(karim);
    const made = await comment(karim, task.id, 'Un secret à effacer');
    await comment(karim, task.id, 'Après');
    const deleted = await call('DELETE', `/api/comments/${made.id}`, karim.token);
    expect(deleted.json().data).toMatchObject({ id: made.id, body: null, mentions: [], version: 1 });
    const { items } = await thread(karim, task.id);
    expect(items.map((item) => [item.body, item.deletedAt !== null])).toEqual([
      [null, true],
      ['Après', false],
    ]);
    const [row] = await ctx.db.select().from(comments).where(eq(comments.id, made.id));
    expect(row!.body).toBeNull();
    const audits = await auditRows(task.id);
    expect(JSON.stringify(audits)).not.toContain('secret');
  });

  it('audits each write under the task, never with the text; the history says commented', async () => {
    const lea = await signIn(ctx, { username: 'Léa' });
    const task = await taskOf(lea);
    const made = await comment(lea, task.id, 'Texte confidentiel');
    await call('PATCH', `/api/comments/${made.id}`, lea.token, { body: 'Texte confidentiel revu' });
    await call('DELETE', `/api/comments/${made.id}`, lea.token);
    const audits = await auditRows(task.id);
    expect(audits.map((row) => row.type)).toEqual([
      'task.comment.created',
      'task.comment.updated',
      'task.comment.deleted',
    ]);
    for (const row of audits) {
      expect(row.actorId).toBe(lea.user.id);
      expect(row.metadata).toMatchObject({ comment: made.id });
      expect(JSON.stringify(row)).not.toContain('confidentiel');
    }
    const history = (await call('GET', `/api/tasks/${task.id}/activity`, lea.token)).json()
      .data as TaskActivityPage;
    expect(history.items.map((item) => item.kind)).toEqual(['commented', 'created']);
    expect(history.items[0]!.actor).toEqual({ id: lea.user.id, username: 'Léa' });
  });

  it('answers 404 for an unknown or deleted task or comment, 400 for a malformed id, 401 signed out', async () => {
    const marc = await signIn(ctx);
    const task = await taskOf(marc);
    const made = await comment(marc, task.id, 'avant');
    const unknown = randomUUID();
    expect((await call('GET', `/api/tasks/${unknown}/comments`, marc.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/tasks/${unknown}/comments`, marc.token, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/api/comments/${unknown}`, marc.token, { body: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/comments/${unknown}`, marc.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/tasks/nope/comments', marc.token)).statusCode).toBe(400);
    expect((await call('PATCH', '/api/comments/NOPE', marc.token, { body: 'x' })).statusCode).toBe(400);
    expect((await call('GET', `/api/tasks/${task.id}/comments`, undefined)).statusCode).toBe(401);
    expect((await call('POST', `/api/tasks/${task.id}/comments`, undefined, { body: 'x' })).statusCode).toBe(
      401,
    );

    // A deleted task hides its comments: no thread, no write.
    expect((await call('DELETE', `/api/tasks/${task.id}`, marc.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/tasks/${task.id}/comments`, marc.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/tasks/${task.id}/comments`, marc.token, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/api/comments/${made.id}`, marc.token, { body: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/comments/${made.id}`, marc.token)).statusCode).toBe(404);
  });

  it('a client-made id sent twice is one comment; another person reusing it is 409', async () => {
    const nina = await signIn(ctx);
    const oscar = await signIn(ctx);
    const task = await taskOf(nina);
    const id = randomUUID();
    const post = (member: Member) =>
      call('POST', `/api/tasks/${task.id}/comments`, member.token, { id, body: 'une fois' });
    expect((await post(nina)).statusCode).toBe(201);
    expect((await post(nina)).statusCode).toBe(200);
    expect((await post(oscar)).statusCode).toBe(409);
    expect((await thread(nina, task.id)).items).toHaveLength(1);
  });
});

describe('comments on the sync path', () => {
  it('a comment created offline on a task created offline, then edited and deleted, by batch', async () => {
    const paul = await signIn(ctx, { username: 'Paul' });
    const project = (await taskOf(paul)).project;
    const device = new Device(ctx, paul);
    const taskTmp = tmp();
    const commentTmp = tmp();
    const answer = await device.ok([
      { entity: 'task', op: 'upsert', id: taskTmp, data: { title: 'Hors ligne', project } },
      {
        entity: 'comment',
        op: 'upsert',
        id: commentTmp,
        data: { taskId: taskTmp, body: `Vu <@${paul.user.id}>` },
      },
      {
        entity: 'comment',
        op: 'patch',
        id: real(commentTmp),
        version: 0,
        data: { body: 'Vu.' },
        base: { body: 'x' },
      },
    ]);
    expect(answer.conflicts).toEqual([]);
    expect(answer.applied.map((applied) => [applied.entity, applied.version])).toEqual([
      ['task', 0],
      ['comment', 0],
      ['comment', 1],
    ]);
    const { items } = await thread(paul, real(taskTmp));
    expect(items).toMatchObject([{ id: real(commentTmp), body: 'Vu.', mentions: [], version: 1 }]);

    // Comments written offline one after the other, sent in one batch, keep their order in the thread.
    const written = ['un', 'deux', 'trois', 'quatre'];
    await device.ok(
      written.map((body) => ({
        entity: 'comment',
        op: 'upsert',
        id: tmp(),
        data: { taskId: real(taskTmp), body },
      })),
    );
    expect((await thread(paul, real(taskTmp))).items.map((item) => item.body)).toEqual(['Vu.', ...written]);

    // Someone else's device cannot edit it; its author's deletes it while a stale edit of its own conflicts.
    const quentin = await signIn(ctx);
    const other = await new Device(ctx, quentin).ok([
      { entity: 'comment', op: 'patch', id: real(commentTmp), version: 1, data: { body: 'à moi' } },
    ]);
    expect(other.conflicts[0]).toMatchObject({ reason: 'forbidden' });
    const late = await device.ok([
      { entity: 'comment', op: 'delete', id: real(commentTmp), version: 1 },
      {
        entity: 'comment',
        op: 'patch',
        id: real(commentTmp),
        version: 1,
        data: { body: 'trop tard' },
        base: { body: 'Vu.' },
      },
    ]);
    expect(late.conflicts).toMatchObject([{ reason: 'deleted', seq: late.lastSeq }]);
    const [row] = await ctx.db
      .select()
      .from(comments)
      .where(eq(comments.id, real(commentTmp)));
    expect(row).toMatchObject({ body: null, version: 2 });
  });

  it('streams comment events with their task, and catches up by cursor, hiding the comments of a deleted task', async () => {
    const rose = await signIn(ctx);
    const task = await taskOf(rose);
    const start = await call('GET', '/api/comments', rose.token);
    expect(start.statusCode).toBe(200);
    const cursor = start.json().cursor as string;
    const startSeq = Number(cursor.split('.')[0]);

    // What the stream tells of a comment as each write commits (the row as that transaction left it).
    const eventOf = async (id: string) =>
      (await readSince(ctx.db, startSeq + 1, 100)).find((row) => row.event.id === id)?.event;
    const made = await comment(rose, task.id, 'un');
    expect(await eventOf(made.id)).toMatchObject({
      type: 'comment.created',
      taskId: task.id,
      projectId: task.project,
      version: 0,
    });
    await call('PATCH', `/api/comments/${made.id}`, rose.token, { body: 'deux' });
    expect(await eventOf(made.id)).toMatchObject({ type: 'comment.updated', version: 1 });
    const gone = await comment(rose, task.id, 'trois');
    await call('DELETE', `/api/comments/${gone.id}`, rose.token);
    expect(await eventOf(gone.id)).toMatchObject({ type: 'comment.deleted', taskId: task.id });

    const delta = await call(
      'GET',
      `/api/comments?since=${encodeURIComponent(cursor)}&clientId=${randomUUID()}`,
      rose.token,
    );
    expect(delta.statusCode, delta.body).toBe(200);
    const page = delta.json() as { data: Comment[]; cursor: string; lastSeq: number | null };
    expect(page.data.map((item) => [item.id, item.body])).toEqual([
      [made.id, 'deux'],
      [gone.id, null],
    ]);
    expect(page.lastSeq).toBeNull();
    const quiet = await call('GET', `/api/comments?since=${encodeURIComponent(page.cursor)}`, rose.token);
    expect(quiet.json().data).toEqual([]);

    await call('DELETE', `/api/tasks/${task.id}`, rose.token);
    const all = (await call('GET', '/api/comments', rose.token)).json().data as Comment[];
    expect(all.some((item) => item.taskId === task.id)).toBe(false);
    // A cursor the server did not issue asks for a full read.
    const forged = await call('GET', '/api/comments?since=1..aaaaaaaaaaaaaaaaaaaaaa', rose.token);
    expect(forged.json()).toMatchObject({ data: [], resetRequired: true });
    // The comments stay stored: a task brought back shows its thread again.
    expect(await ctx.db.select().from(comments).where(eq(comments.taskId, task.id))).toHaveLength(2);
  });
});
