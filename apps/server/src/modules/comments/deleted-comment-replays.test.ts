import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@jalon/contract';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';
import { Device } from '../../test/sync/sync-test-kit.ts';

// Issue 35: a deleted comment's text is gone from the database, including the answers kept for a
// device's replays (a conflict holds the row as the server had it and the text the device sent).

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof signIn>>;
let taskId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signIn(ctx);
  const call = (url: string, payload: Record<string, unknown>) =>
    inject(ctx.app, { method: 'POST', url, token: alice.token, payload });
  const project = (
    await call('/api/projects', { name: 'Salon', description: 'd', deadline: '2027-03-31T23:59:59.999Z' })
  ).json().data as { id: string };
  taskId = (await call('/api/tasks', { title: 'Stand', project: project.id })).json().data.id as string;
});
afterAll(() => ctx.close());

async function comment(body: string): Promise<Comment> {
  const response = await inject(ctx.app, {
    method: 'POST',
    url: `/api/tasks/${taskId}/comments`,
    token: alice.token,
    payload: { body },
  });
  return response.json().data as Comment;
}
const deleteComment = (id: string) =>
  inject(ctx.app, { method: 'DELETE', url: `/api/comments/${id}`, token: alice.token });
/** Whether any stored answer of this device holds the text. */
async function storedTextOf(device: Device, text: string): Promise<boolean> {
  const rows = await ctx.db.execute<{ result: string }>(
    sql`select result::text as result from sync_results where client_id = ${device.clientId}`,
  );
  return rows.rows.some((row) => row.result.includes(text));
}

describe('answers stored for replays', () => {
  it('forget a comment’s text, the server’s and the device’s, once the comment is deleted', async () => {
    const written = await comment('Le code du portail est 4512.');
    const device = new Device(ctx, alice);
    // A stale edit: the conflict stored for its replay holds both texts.
    const answer = await device.ok([
      { entity: 'comment', op: 'patch', id: written.id, version: 3, data: { body: 'Plutôt 4513.' } },
    ]);
    expect(answer.conflicts).toMatchObject([{ reason: 'version_mismatch' }]);
    expect(await storedTextOf(device, '4512')).toBe(true);
    expect(await storedTextOf(device, '4513')).toBe(true);

    expect((await deleteComment(written.id)).statusCode).toBe(200);
    expect(await storedTextOf(device, '4512')).toBe(false);
    expect(await storedTextOf(device, '4513')).toBe(false);
    // The replay still answers what happened, without the text.
    const replay = await device.ok(
      [{ entity: 'comment', op: 'patch', id: written.id, version: 3, data: { body: 'Plutôt 4513.' } }],
      { seqFrom: 1 },
    );
    expect(replay.conflicts).toMatchObject([{ seq: 1, reason: 'version_mismatch', server: null }]);
  });

  it('keep no text sent to a comment already deleted', async () => {
    const written = await comment('Rendez-vous à 9 h.');
    expect((await deleteComment(written.id)).statusCode).toBe(200);
    const device = new Device(ctx, alice);
    const answer = await device.ok([
      { entity: 'comment', op: 'patch', id: written.id, version: 0, data: { body: 'Plutôt à 10 h.' } },
    ]);
    expect(answer.conflicts).toMatchObject([{ reason: 'deleted' }]);
    expect(await storedTextOf(device, '10 h')).toBe(false);
  });
});
