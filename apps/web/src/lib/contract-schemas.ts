import type * as ContractModule from '@jalon/contract';
import type { PayloadSchema } from './api-client.ts';

type Contract = typeof ContractModule;

let contract: Promise<Contract> | undefined;

/**
 * The contract's zod schemas, loaded on first use. They weigh about 29 kB gzipped, and the sign-in screen
 * must render without them (issue 5: the login route stays under 150 kB). The plain constants the first
 * screen needs come from zod-free modules of the contract, imported statically as usual.
 */
export const loadContract = (): Promise<Contract> => (contract ??= import('@jalon/contract'));

export type LazySchema<T> = () => Promise<PayloadSchema<T>>;

/** A response schema picked from the contract when the first answer needs checking. */
export const lazySchema =
  <T>(pick: (schemas: Contract) => PayloadSchema<T>): LazySchema<T> =>
  () =>
    loadContract().then(pick);
