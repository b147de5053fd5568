// The worker that checks API answers against the contract (decision 0042). zod and the contract's
// schemas load and run here, off the page's main thread: building the schemas took two tasks of 80 to
// 110 ms at Lighthouse's 4x slowdown on every signed-in screen's first render (issue 17).
import * as contract from '@jalon/contract';
import { check, type CheckAnswer, type CheckRequest } from './answer-check.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<CheckRequest>) => void): void;
  postMessage(message: CheckAnswer): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener('message', ({ data: { id, name, value } }) => {
  scope.postMessage({ id, ...check(contract, name, value) });
});
