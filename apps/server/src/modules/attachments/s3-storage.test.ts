import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@jalon/contract';
import { createProject, createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';
import { multipartBody } from '../../test/multipart.ts';
import { IncomingSweep } from './incoming-sweep.ts';
import { S3Storage } from './s3-storage.ts';

/**
 * With S3_URL, the content goes to an S3-compatible bucket: here a real S3-protocol server (s3rver) on
 * loopback, started by the test, spoken to by the same client as in production.
 */
const BUCKET = 'jalon-files';
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
const MIB = 1024 * 1024;

let server: S3rver;
let folder: string;
let ctx: TestContext;
let bucket: S3Client;
let token: string;
let taskId: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ ATTACHMENT_MAX_MB: '8', S3_URL: `${endpoint}/${BUCKET}`, ...KEYS });
  bucket = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEYS.S3_ACCESS_KEY_ID, secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY },
  });
  const member = await signIn(ctx, { username: 'Dalila' });
  token = member.token;
  const project = await createProject(ctx, token, 'Bucket');
  taskId = (
    await inject(ctx.app, { method: 'POST', url: '/api/tasks', token, payload: { title: 'Photos', project } })
  ).json().data.id as string;
});
afterAll(async () => {
  await ctx.close();
  bucket.destroy();
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const keys = async () =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((item) => item.Key);
const send = (name: string, content: Buffer) =>
  inject(ctx.app, {
    method: 'POST',
    url: `/api/tasks/${taskId}/attachments`,
    token,
    ...multipartBody(name, content),
  });

describe('attached files in an S3-compatible bucket (S3_URL)', () => {
  it('streams a file of several parts there, once per content, and sends it back unchanged', async () => {
    // Past lib-storage's 5 MiB part: a multipart upload, not one PUT.
    const content = randomBytes(6 * MIB);
    const first = (await send('vidéo.bin', content)).json().data as Attachment;
    const second = await send('copie.bin', content);
    expect(second.statusCode).toBe(201);
    expect(await keys()).toEqual([`files/${first.sha256}`]);
    const download = await inject(ctx.app, { method: 'GET', url: `/api/attachments/${first.id}`, token });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('removes the content with the last attachment that names it', async () => {
    const sent = (await send('retirer.txt', Buffer.from('dans le seau'))).json().data as Attachment;
    expect(await keys()).toContain(`files/${sent.sha256}`);
    const removed = await inject(ctx.app, { method: 'DELETE', url: `/api/attachments/${sent.id}`, token });
    expect(removed.statusCode).toBe(200);
    expect(await keys()).not.toContain(`files/${sent.sha256}`);
  });

  it('leaves nothing in the bucket of a file past the limit', async () => {
    const before = await keys();
    const refused = await send('trop.bin', Buffer.alloc(8 * MIB + 1, 5));
    expect(refused.statusCode).toBe(413);
    expect(await keys()).toEqual(before);
  });

  it('makes a preview from the bucket', async () => {
    const sharp = (await import('sharp')).default;
    const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const sent = (await send('photo.jpg', image)).json().data as Attachment;
    const preview = await inject(ctx.app, {
      method: 'GET',
      url: `/api/attachments/${sent.id}/preview`,
      token,
    });
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(320);
  });

  it('sweeps what a killed upload left under incoming/ once it is an hour old, and nothing else', async () => {
    const kept = (await send('garder.txt', Buffer.from('à garder'))).json().data as Attachment;
    await bucket.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'incoming/coupé', Body: 'moitié' }));
    const storage = new S3Storage(ctx.config.files.s3!);
    const sweep = new IncomingSweep(storage);
    // Just written: it may be an upload under way.
    expect(await sweep.runOnce()).toBe(0);
    expect(await keys()).toContain('incoming/coupé');
    // An hour on, it can only be left over; the stored files stay.
    expect(await sweep.runOnce(new Date(Date.now() + 61 * 60_000))).toBe(1);
    expect(await keys()).not.toContain('incoming/coupé');
    expect(await keys()).toContain(`files/${kept.sha256}`);
    storage.close();
  });
});
