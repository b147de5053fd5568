import {
  check,
  type CheckAnswer,
  type Checked,
  type Contract,
  type SchemaName,
  type SchemaRef,
} from './answer-check.ts';

/**
 * The contract's schemas in this page, loaded on first use: where there is no checking worker (unit tests,
 * an old browser) or it failed to start (its file could not be fetched). About 29 kB gzipped with zod, and
 * the sign-in screen must render without them (issue 5: the login route stays under 150 kB).
 */
let contractHere: Promise<Contract> | undefined;
const loadContractHere = (): Promise<Contract> =>
  (contractHere ??= import('@jalon/contract').catch((error: unknown) => {
    // A failed download (offline, before the service worker had the file) is not kept: the next check tries again.
    contractHere = undefined;
    throw error;
  }));

const checkHere = async (name: SchemaName, value: unknown): Promise<Checked<unknown>> =>
  check(await loadContractHere(), name, value);

interface Pending {
  name: SchemaName;
  value: unknown;
  settle: (answer: Promise<Checked<unknown>> | Checked<unknown>) => void;
}

interface Checker {
  check(name: SchemaName, value: unknown): Promise<Checked<unknown>>;
}

/**
 * Checks in a dedicated worker (decision 0042), in the order asked. If the worker fails (its script did not
 * load, or an answer could not be copied back), what it had pending and everything after is checked here.
 */
function workerChecker(worker: Worker): Checker {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failed = false;
  const fallBack = () => {
    failed = true;
    worker.terminate();
    for (const { name, value, settle } of pending.values()) settle(checkHere(name, value));
    pending.clear();
  };
  worker.addEventListener('message', ({ data }: MessageEvent<CheckAnswer>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    waiting?.settle(data.ok ? { ok: true, data: data.data } : { ok: false, issues: data.issues });
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    fallBack();
  });
  worker.addEventListener('messageerror', fallBack);
  return {
    check(name, value) {
      if (failed) return checkHere(name, value);
      return new Promise((settle) => {
        const id = (nextId += 1);
        pending.set(id, { name, value, settle });
        worker.postMessage({ id, name, value });
      });
    },
  };
}

function startChecker(): Checker {
  if (typeof Worker === 'undefined') return { check: checkHere };
  try {
    return workerChecker(
      new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module', name: 'contract-check' }),
    );
  } catch {
    return { check: checkHere };
  }
}

let checker: Checker | undefined;

/**
 * Starts the checker if it is not running yet. The API client calls it as a request leaves, so that the
 * worker's script loads while the answer is on its way (the first screen waits on /auth/me).
 */
export function prepareChecks(): void {
  checker ??= startChecker();
}

/** `value` checked against the contract schema `ref` names. */
export function checkPayload<T>(ref: SchemaRef<T>, value: unknown): Promise<Checked<T>> {
  prepareChecks();
  return (checker as Checker).check(ref.name, value) as Promise<Checked<T>>;
}
