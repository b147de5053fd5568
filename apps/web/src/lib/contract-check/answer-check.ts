import type * as ContractModule from '@jalon/contract';

export type Contract = typeof ContractModule;

/** What a check needs of a contract (zod) schema; keeps zod itself out of the web app's dependencies. */
export interface PayloadSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** The names of the contract's exports that are schemas. */
export type SchemaName = {
  [K in keyof Contract]: Contract[K] extends PayloadSchema<unknown> ? K : never;
}[keyof Contract];

/** What a schema of the contract lets through. */
export type PayloadOf<K extends SchemaName> = Contract[K] extends PayloadSchema<infer T> ? T : never;

/**
 * A contract schema named, not held: the main thread names it, and whoever checks the answer (the checking
 * worker, or the page itself where there is no worker) builds it. `payload` exists for the type only.
 */
export interface SchemaRef<T> {
  readonly name: SchemaName;
  readonly payload?: T;
}

export const contractSchema = <K extends SchemaName>(name: K): SchemaRef<PayloadOf<K>> => ({ name });

/** A check's outcome, as it crosses from the worker: plain data, no zod error object. */
export type Checked<T> = { ok: true; data: T } | { ok: false; issues: unknown };

export interface CheckRequest {
  id: number;
  name: SchemaName;
  value: unknown;
}

export type CheckAnswer = Checked<unknown> & { id: number };

/** One check against the contract's schema of that name; the same code runs in the worker and in a page without one. */
export function check(contract: Contract, name: SchemaName, value: unknown): Checked<unknown> {
  const schema: PayloadSchema<unknown> = contract[name];
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const { error } = parsed as { error: { issues?: unknown } };
  return { ok: false, issues: error.issues ?? String(error) };
}
