import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@jalon/contract';
import { attachments, auditLog, tasks } from '../../db/schema.ts';
import { TombstonePurge } from '../sync/tombstone-purge.ts';
import { AttachmentService } from './attachment-service.ts';
import { FolderStorage } from './folder-storage.ts';
import {
  createProject,
  createTestContext,
  inject,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { multipartBody, pngDeclaring } from '../../test/multipart.ts';

const MIB = 1024 * 1024;
let ctx: TestContext;
let alice: Awaited<ReturnType<typeof signIn>>;
let bruno: Awaited<ReturnType<typeof signIn>>;
let taskId: string;

beforeAll(async () => {
  ctx = await createTestContext({ ATTACHMENT_MAX_MB: '1' });
  alice = await signIn(ctx, { username: 'Alice' });
  bruno = await signIn(ctx, { username: 'Bruno' });
  taskId = await newTask(alice.token, 'Stand du salon');
});
afterAll(() => ctx.close());

async function newTask(token: string, title: string): Promise<string> {
  const project = await createProject(ctx, token, `Projet ${title}`);
  const response = await inject(ctx.app, {
    method: 'POST',
    url: '/api/tasks',
    token,
    payload: { title, project },
  });
  return response.json().data.id as string;
}

const upload = (token: string, task: string, name: string, content: Buffer, field?: string) =>
  inject(ctx.app, {
    method: 'POST',
    url: `/api/tasks/${task}/attachments`,
    token,
    ...multipartBody(name, content, { field }),
  });

async function attach(token: string, task: string, name: string, content: Buffer): Promise<Attachment> {
  const response = await upload(token, task, name, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Attachment;
}

const get = (token: string | undefined, url: string) => inject(ctx.app, { method: 'GET', url, token });
const filesDir = () => path.join(ctx.dataDir, 'files');
/** Every content file kept in the folder, temporary ones included. */
const storedFiles = () =>
  fs
    .readdirSync(filesDir(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
  'latin1',
);

describe('POST /api/tasks/{id}/attachments', () => {
  it('stores the file and answers who sent it, its size, its SHA-256 and the type read from its content', async () => {
    const content = await png(40, 30);
    const sent = await attach(alice.token, taskId, 'maquette.png', content);
    expect(sent).toMatchObject({
      taskId,
      name: 'maquette.png',
      size: content.length,
      contentType: 'image/png',
      uploadedBy: { id: alice.user.id, username: 'Alice' },
    });
    const { createHash } = await import('node:crypto');
    expect(sent.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    const listed = await get(bruno.token, `/api/tasks/${taskId}/attachments`);
    expect(listed.json().data.items).toContainEqual(sent);
  });

  it('keeps the type the content says, not the one the browser claimed', async () => {
    const response = await inject(ctx.app, {
      method: 'POST',
      url: `/api/tasks/${taskId}/attachments`,
      token: alice.token,
      ...multipartBody('devis.png', PDF, { type: 'image/png' }),
    });
    expect(response.json().data.contentType).toBe('application/pdf');
  });

  it('keeps only the name of the file, without any folder or control character', async () => {
    expect((await attach(alice.token, taskId, '../../etc/passwd', Buffer.from('root:x:0:0'))).name).toBe(
      'passwd',
    );
    expect((await attach(alice.token, taskId, 'C:\\Users\\moi\\devis.txt', Buffer.from('1'))).name).toBe(
      'devis.txt',
    );
    expect((await attach(alice.token, taskId, 'bon\u0007\u001b[31m.txt', Buffer.from('2'))).name).toBe(
      'bon[31m.txt',
    );
    expect((await attach(alice.token, taskId, '..', Buffer.from('3'))).name).toBe('fichier');
    expect((await attach(alice.token, taskId, 'Photo du stand – été.txt', Buffer.from('4'))).name).toBe(
      'Photo du stand – été.txt',
    );
  });

  it('stores the same content once, however many times it is attached', async () => {
    const content = Buffer.from('le même devis, deux fois');
    const before = storedFiles().length;
    const first = await attach(alice.token, taskId, 'devis-1.txt', content);
    const second = await attach(bruno.token, taskId, 'devis-2.txt', content);
    expect(second.sha256).toBe(first.sha256);
    expect(storedFiles().length).toBe(before + 1);
  });

  it('writes the content privately, like the rest of the data folder', async () => {
    const sent = await attach(alice.token, taskId, 'privé.txt', Buffer.from('secret du client'));
    const file = path.join(filesDir(), sent.sha256.slice(0, 2), sent.sha256);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('audits the addition with the name and the size, never the content', async () => {
    const content = Buffer.from('contenu confidentiel 4242');
    const sent = await attach(alice.token, taskId, 'audit.txt', content);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.type, 'task.attachment.added'), eq(auditLog.resource, `task:${taskId}`)));
    const row = rows.find((candidate) => candidate.metadata.attachment === sent.id)!;
    expect(row).toMatchObject({ actorId: alice.user.id, outcome: 'success' });
    expect(row.metadata).toMatchObject({ name: 'audit.txt', size: content.length });
    expect(JSON.stringify(row)).not.toContain('confidentiel');
  });

  it('refuses a body without a file in the field `file`', async () => {
    const response = await upload(alice.token, taskId, 'a.txt', Buffer.from('a'), 'document');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('file_missing');
    const json = await inject(ctx.app, {
      method: 'POST',
      url: `/api/tasks/${taskId}/attachments`,
      token: alice.token,
      payload: { file: 'a' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a file past ATTACHMENT_MAX_MB with 413, and keeps nothing of it', async () => {
    const before = storedFiles();
    const response = await upload(alice.token, taskId, 'gros.bin', Buffer.alloc(MIB + 1, 7));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('file_too_large');
    expect(storedFiles()).toEqual(before);
    // Exactly the limit is accepted.
    expect((await upload(alice.token, taskId, 'juste.bin', Buffer.alloc(MIB, 8))).statusCode).toBe(201);
  });

  it('leaves no file and no row when the upload is cut', async () => {
    const before = storedFiles();
    const rowsBefore = await ctx.db.select().from(attachments).where(eq(attachments.taskId, taskId));
    const whole = multipartBody('coupé.bin', Buffer.alloc(300_000, 3));
    const response = await inject(ctx.app, {
      method: 'POST',
      url: `/api/tasks/${taskId}/attachments`,
      token: alice.token,
      headers: whole.headers,
      payload: whole.payload.subarray(0, 200_000),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(storedFiles()).toEqual(before);
    expect(await ctx.db.select().from(attachments).where(eq(attachments.taskId, taskId))).toHaveLength(
      rowsBefore.length,
    );
  });
});

describe('a 2 GB upload is refused early (over a real connection)', () => {
  let base: URL;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = new URL(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
  });

  /** Sends a request whose body is pulled from `body`, and answers the status and the bytes it pulled. */
  const send = (headers: Record<string, string | number>, body: Readable) =>
    new Promise<{ status: number; code: string }>((resolve, reject) => {
      const request = http.request(
        new URL(`/api/tasks/${taskId}/attachments`, base),
        { method: 'POST', headers: { authorization: `Bearer ${alice.token}`, ...headers } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => (text += part));
          response.on('end', () => {
            body.destroy();
            resolve({ status: response.statusCode!, code: JSON.parse(text).code });
          });
        },
      );
      request.on('error', reject);
      body.on('error', () => {});
      body.pipe(request);
    });

  /** The start of a multipart body up to the file's first byte. */
  const partHead = (payload: Buffer) => payload.subarray(0, payload.indexOf('\r\n\r\n') + 4);

  /** A lazily made body of `total` bytes that counts what is read of it. */
  const counted = (prefix: Buffer, total: number) => {
    let pulled = 0;
    const stream = new Readable({
      read() {
        if (pulled >= total) return this.push(null);
        const part = pulled === 0 ? prefix : Buffer.alloc(64 * 1024, 1);
        pulled += part.length;
        this.push(part);
      },
    });
    return { stream, pulled: () => pulled };
  };

  it('answers 413 from a declared Content-Length, before reading the body', async () => {
    const { headers, payload } = multipartBody('énorme.bin', Buffer.alloc(0));
    const body = counted(partHead(payload), 2 * 1024 * MIB);
    const answer = await send({ ...headers, 'content-length': 2 * 1024 * MIB }, body.stream);
    expect(answer).toEqual({ status: 413, code: 'file_too_large' });
    expect(body.pulled()).toBeLessThan(16 * MIB);
  });

  it('answers 413 to a body of unknown length once the count passes the limit, and keeps nothing', async () => {
    const before = storedFiles();
    const { headers, payload } = multipartBody('énorme.bin', Buffer.alloc(0));
    const body = counted(partHead(payload), 2 * 1024 * MIB);
    const answer = await send({ ...headers, 'transfer-encoding': 'chunked' }, body.stream);
    expect(answer).toEqual({ status: 413, code: 'file_too_large' });
    expect(body.pulled()).toBeLessThan(64 * MIB);
    expect(storedFiles()).toEqual(before);
  });
});

describe('GET /api/attachments/{id}', () => {
  it('sends the bytes unchanged, as a download typed from the content, private and never sniffed', async () => {
    const sent = await attach(alice.token, taskId, 'devis final.pdf', PDF);
    const response = await get(bruno.token, `/api/attachments/${sent.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="devis final.pdf"; filename*=UTF-8''devis%20final.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private',
      'content-length': String(PDF.length),
    });
  });

  it('names a file with any character through filename* (RFC 6266 and 5987)', async () => {
    const sent = await attach(alice.token, taskId, 'Été (2027) – plan.txt', Buffer.from('plan'));
    const disposition = String(
      (await get(alice.token, `/api/attachments/${sent.id}`)).headers['content-disposition'],
    );
    expect(disposition).toBe(
      `attachment; filename="_t_ (2027) _ plan.txt"; filename*=UTF-8''%C3%89t%C3%A9%20%282027%29%20%E2%80%93%20plan.txt`,
    );
  });

  it('sends an HTML file as a download, never as a page', async () => {
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const sent = await attach(alice.token, taskId, 'page.html', html);
    expect(sent.contentType).toBe('application/octet-stream');
    const response = await get(bruno.token, `/api/attachments/${sent.id}`);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('keeps `<script>.svg` as its name, sends it as a download and makes no preview of it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const sent = await attach(alice.token, taskId, '<script>.svg', svg);
    expect(sent.name).toBe('<script>.svg');
    expect(sent.contentType).not.toMatch(/svg/);
    const response = await get(bruno.token, `/api/attachments/${sent.id}`);
    expect(response.headers['content-type']).not.toMatch(/svg|html/);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await get(bruno.token, `/api/attachments/${sent.id}/preview`)).statusCode).toBe(404);
  });
});

describe('GET /api/attachments/{id}/preview', () => {
  it('makes a small WebP of a raster image', async () => {
    const sent = await attach(alice.token, taskId, 'photo.png', await png(1200, 800));
    const response = await get(bruno.token, `/api/attachments/${sent.id}/preview`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 213 });
  });

  it('refuses from its header an image that declares too many pixels (a decompression bomb)', async () => {
    const bomb = pngDeclaring(100_000);
    expect(bomb.length).toBeLessThan(1024);
    const sent = await attach(alice.token, taskId, 'bombe.png', bomb);
    expect(sent.contentType).toBe('image/png');
    const before = process.memoryUsage().rss;
    const response = await get(bruno.token, `/api/attachments/${sent.id}/preview`);
    expect(response.statusCode).toBe(404);
    // Decoded, it would be 30 GB; refused from the header, the process hardly grows.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MIB);
  });

  it('has no preview for a file that is no raster image', async () => {
    const sent = await attach(alice.token, taskId, 'devis.pdf', PDF);
    expect((await get(alice.token, `/api/attachments/${sent.id}/preview`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/attachments/{id}', () => {
  const remove = (token: string, id: string) =>
    inject(ctx.app, { method: 'DELETE', url: `/api/attachments/${id}`, token });

  it('is refused to another member, allowed to the uploader, audited, and the content goes with it', async () => {
    const content = Buffer.from('à retirer');
    const sent = await attach(alice.token, taskId, 'retirer.txt', content);
    const file = path.join(filesDir(), sent.sha256.slice(0, 2), sent.sha256);
    expect((await remove(bruno.token, sent.id)).statusCode).toBe(403);
    const response = await remove(alice.token, sent.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: sent.id, deleted: true });
    expect(fs.existsSync(file)).toBe(false);
    expect((await get(alice.token, `/api/attachments/${sent.id}`)).statusCode).toBe(404);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.type, 'task.attachment.removed'));
    expect(audit!.metadata).toMatchObject({ name: 'retirer.txt', size: content.length });
  });

  it('is allowed to an administrator, and keeps the content another attachment still has', async () => {
    const admin = await signInAdmin(ctx);
    const content = Buffer.from('partagé entre deux tâches');
    const other = await newTask(bruno.token, 'Autre tâche');
    const first = await attach(bruno.token, taskId, 'a.txt', content);
    const second = await attach(bruno.token, other, 'b.txt', content);
    expect((await remove(admin.token, first.id)).statusCode).toBe(200);
    const response = await get(alice.token, `/api/attachments/${second.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
  });
});

describe('whoever may not see the task gets 404 (the attacker’s path)', () => {
  it('answers 404 on every route for the files of a deleted task, and 401 without a session', async () => {
    const doomed = await newTask(alice.token, 'Tâche supprimée');
    const sent = await attach(alice.token, doomed, 'photo.png', await png(20, 20));
    const task = await get(alice.token, `/api/tasks/${doomed}`);
    const deleted = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/tasks/${doomed}`,
      token: alice.token,
      headers: { 'x-entity-version': String(task.json().data.version) },
    });
    expect(deleted.statusCode).toBe(200);
    for (const url of [
      `/api/tasks/${doomed}/attachments`,
      `/api/attachments/${sent.id}`,
      `/api/attachments/${sent.id}/preview`,
    ]) {
      expect((await get(bruno.token, url)).statusCode, url).toBe(404);
      expect((await get(undefined, url)).statusCode, url).toBe(401);
    }
    expect((await upload(bruno.token, doomed, 'x.txt', Buffer.from('x'))).statusCode).toBe(404);
    const removal = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/attachments/${sent.id}`,
      token: alice.token,
    });
    expect(removal.statusCode).toBe(404);
  });

  it('removes the content of a deleted task’s files when the task is purged, unless another task has it', async () => {
    const doomed = await newTask(alice.token, 'Tâche purgée');
    const own = await attach(alice.token, doomed, 'seul.txt', Buffer.from('seulement ici'));
    const shared = await attach(alice.token, doomed, 'commun.txt', Buffer.from('ici et ailleurs'));
    await attach(alice.token, taskId, 'commun.txt', Buffer.from('ici et ailleurs'));
    // Deleted long ago: past the tombstone horizon.
    await ctx.db
      .update(tasks)
      .set({ deletedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(tasks.id, doomed));
    const files = new AttachmentService(ctx.db, new FolderStorage(filesDir()), ctx.config.files);
    const purge = new TombstonePurge(ctx.db, 30, (sha256s) => files.releaseContents(sha256s));
    await purge.runOnce();
    const contentOf = (sha256: string) => path.join(filesDir(), sha256.slice(0, 2), sha256);
    expect(fs.existsSync(contentOf(own.sha256))).toBe(false);
    expect(fs.existsSync(contentOf(shared.sha256))).toBe(true);
    expect(await ctx.db.select().from(attachments).where(eq(attachments.taskId, doomed))).toEqual([]);
  });

  it('answers 404 for an unknown task or file', async () => {
    const unknown = '0e7f6d3c-2b1a-4c5d-9e8f-7a6b5c4d3e2f';
    expect((await upload(alice.token, unknown, 'x.txt', Buffer.from('x'))).statusCode).toBe(404);
    expect((await get(alice.token, `/api/attachments/${unknown}`)).statusCode).toBe(404);
  });
});

describe('FILES_MAX_GB', () => {
  let small: TestContext;
  beforeAll(async () => {
    // 2 MiB for the whole instance.
    small = await createTestContext({ ATTACHMENT_MAX_MB: '1', FILES_MAX_GB: String(2 / 1024) });
  });
  afterAll(() => small.close());

  it('refuses a file that would pass the instance total with 413, and keeps nothing of it', async () => {
    const carla = await signIn(small, { username: 'Carla' });
    const project = await createProject(small, carla.token, 'Quota');
    const task = (
      await inject(small.app, {
        method: 'POST',
        url: '/api/tasks',
        token: carla.token,
        payload: { title: 'Q', project },
      })
    ).json().data.id as string;
    const send = (content: Buffer) =>
      inject(small.app, {
        method: 'POST',
        url: `/api/tasks/${task}/attachments`,
        token: carla.token,
        ...multipartBody('q.bin', content),
      });
    expect((await send(Buffer.alloc(900 * 1024, 1))).statusCode).toBe(201);
    expect((await send(Buffer.alloc(900 * 1024, 2))).statusCode).toBe(201);
    // The same content again takes no room.
    expect((await send(Buffer.alloc(900 * 1024, 2))).statusCode).toBe(201);
    const refused = await send(Buffer.alloc(900 * 1024, 3));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('storage_full');
    const kept = fs
      .readdirSync(path.join(small.dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile());
    expect(kept).toHaveLength(2);
  });
});
