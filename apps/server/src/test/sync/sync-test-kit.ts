import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { SyncBatchResponse } from '@jalon/contract';
import { createTestContext, inject, signIn, type TestContext } from '../test-app.ts';

/** What the sync tests send: an operation without the envelope's repetition. */
export interface Op {
  entity?: 'task' | 'project' | 'label';
  op?: 'upsert' | 'patch' | 'delete';
  id: string;
  version?: number;
  data?: Record<string, unknown>;
  base?: Record<string, unknown>;
}

/** A simulated device of one signed-in user: numbers its operations and sends them as docs/sync-protocol.md says. */
export class Device {
  readonly clientId = randomUUID();
  private nextSeq = 1;

  constructor(
    private readonly ctx: TestContext,
    readonly user: { token: string; user: { id: string } },
  ) {}

  /** Numbers the operations from this device's next seq and sends them; `seqFrom` overrides the numbering. */
  async send(
    operations: Op[],
    extra: {
      seqFrom?: number;
      ackedThrough?: number;
      userId?: string;
      schemaVersion?: number;
      clientId?: string;
    } = {},
  ) {
    const first = extra.seqFrom ?? this.nextSeq;
    const body = {
      schemaVersion: extra.schemaVersion ?? 1,
      clientId: extra.clientId ?? this.clientId,
      userId: extra.userId ?? this.user.user.id,
      ...(extra.ackedThrough !== undefined ? { ackedThrough: extra.ackedThrough } : {}),
      operations: operations.map((operation, index) => ({
        seq: first + index,
        entity: operation.entity ?? 'task',
        op: operation.op ?? 'patch',
        id: operation.id,
        version: operation.version ?? 0,
        data: operation.data ?? {},
        ...(operation.base ? { base: operation.base } : {}),
      })),
    };
    const response = await inject(this.ctx.app, {
      method: 'POST',
      url: '/api/sync/batch',
      token: this.user.token,
      payload: body,
    });
    if (response.statusCode === 200 && extra.seqFrom === undefined) this.nextSeq = first + operations.length;
    return response;
  }

  /** Posts an envelope of this device's user as it is given (for envelopes `send` would not build). */
  sendEnvelope(fields: Record<string, unknown>) {
    const payload = {
      schemaVersion: 1,
      clientId: this.clientId,
      userId: this.user.user.id,
      operations: [],
      ...fields,
    };
    return inject(this.ctx.app, { method: 'POST', url: '/api/sync/batch', token: this.user.token, payload });
  }

  /** Sends and expects 200; returns the answer. */
  async ok(operations: Op[], extra: Parameters<Device['send']>[1] = {}): Promise<SyncBatchResponse> {
    const response = await this.send(operations, extra);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as SyncBatchResponse;
  }
}

export const tmp = () => `tmp-${randomUUID()}`;
export const real = (tmpId: string) => tmpId.replace(/^tmp-/, '');

/** What every sync test file starts from: its database, two members, and a project of the first. */
export interface SyncBed {
  ctx: TestContext;
  alice: Awaited<ReturnType<typeof signIn>>;
  bob: Awaited<ReturnType<typeof signIn>>;
  projectId: string;
}

export async function openSyncBed(projectName: string): Promise<SyncBed> {
  const ctx = await createTestContext();
  const alice = await signIn(ctx);
  const bob = await signIn(ctx);
  const payload = { name: projectName, description: 'Hors ligne', deadline: '2027-03-31T12:00:00Z' };
  const projectId = (
    await inject(ctx.app, { method: 'POST', url: '/api/projects', token: alice.token, payload })
  ).json().data.id as string;
  return { ctx, alice, bob, projectId };
}
