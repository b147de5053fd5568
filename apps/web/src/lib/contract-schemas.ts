import type * as ContractModule from '@jalon/contract';
import type { PayloadSchema } from './api-client.ts';

type Contract = typeof ContractModule;

/**
 * `load` run once and its promise kept. A failure is not kept (a download while offline, before the
 * service worker had the file): the next call tries again.
 */
function keptUnlessFailed<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () =>
    (kept ??= load().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
}

/**
 * The contract's zod schemas, loaded on first use. They weigh about 29 kB gzipped, and the sign-in screen
 * must render without them (issue 5: the login route stays under 150 kB). The plain constants the first
 * screen needs come from zod-free modules of the contract, imported statically as usual.
 */
export const loadContract: () => Promise<Contract> = keptUnlessFailed(() => import('@jalon/contract'));

export type LazySchema<T> = () => Promise<PayloadSchema<T>>;

/**
 * A response schema picked from the contract when the first answer needs checking, and kept: a schema
 * built by the pick (`projectSchema.array()`) is built once, not for every response.
 */
export const lazySchema = <T>(pick: (schemas: Contract) => PayloadSchema<T>): LazySchema<T> =>
  keptUnlessFailed(() => loadContract().then(pick));
