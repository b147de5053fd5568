import * as contract from '@jalon/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../test/fixtures.ts';
import { check, contractSchema, type CheckAnswer, type CheckRequest } from './answer-check.ts';

/**
 * A stand-in for the browser's Worker: it answers with the real check (answer-check.ts, as check-worker.ts
 * does), in the order the test releases them, or fails as a worker whose script did not load.
 */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  readonly received: CheckRequest[] = [];
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.started.push(this);
  }

  postMessage(request: CheckRequest): void {
    this.received.push(request);
  }

  /** Answers the request with this id, through a structured clone as a real worker's answer travels. */
  answer(id: number): void {
    const request = this.received.find((received) => received.id === id);
    if (!request) throw new Error(`no request ${id}`);
    const data: CheckAnswer = structuredClone({ id, ...check(contract, request.name, request.value) });
    this.dispatchEvent(new MessageEvent('message', { data }));
  }

  fail(): void {
    this.dispatchEvent(new Event('error', { cancelable: true }));
  }

  terminate(): void {
    this.terminated = true;
  }
}

const loadCheckPayload = () => import('./check-payload.ts');
const me = makeMe();

beforeEach(() => {
  vi.resetModules();
  FakeWorker.started = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answers checked in a worker', () => {
  it('starts one worker, as a module, and gives each caller its own answer whatever the order', async () => {
    const { checkPayload, prepareChecks } = await loadCheckPayload();
    prepareChecks();
    const good = checkPayload(contractSchema('meSchema'), me);
    const bad = checkPayload(contractSchema('meSchema'), { user: { id: 'sans le reste' } });
    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started as [FakeWorker];
    expect(worker.options).toMatchObject({ type: 'module' });
    expect(worker.received.map((request) => request.name)).toEqual(['meSchema', 'meSchema']);

    worker.answer(2);
    worker.answer(1);
    await expect(good).resolves.toEqual({ ok: true, data: me });
    const refused = await bad;
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ['user', 'email'] })]),
    );
  });

  it('checks in the page what a failed worker had pending, and everything after', async () => {
    const { checkPayload } = await loadCheckPayload();
    const pending = checkPayload(contractSchema('meSchema'), me);
    const [worker] = FakeWorker.started as [FakeWorker];
    worker.fail();
    await expect(pending).resolves.toEqual({ ok: true, data: me });
    expect(worker.terminated).toBe(true);

    const later = await checkPayload(contractSchema('meSchema'), { user: null });
    expect(later.ok).toBe(false);
    expect(worker.received).toHaveLength(1);
    expect(FakeWorker.started).toHaveLength(1);
  });

  it('checks in the page where there is no Worker at all', async () => {
    vi.stubGlobal('Worker', undefined);
    const { checkPayload } = await loadCheckPayload();
    await expect(checkPayload(contractSchema('meSchema'), me)).resolves.toEqual({ ok: true, data: me });
    expect(FakeWorker.started).toHaveLength(0);
  });
});

describe('one check', () => {
  it("gives the schema's output, and issues that survive the copy back from a worker", () => {
    expect(check(contract, 'meSchema', me)).toEqual({ ok: true, data: me });
    const refused = check(contract, 'problemSchema', { detail: 42 });
    expect(refused.ok).toBe(false);
    expect(structuredClone(refused)).toEqual(refused);
  });
});
