/**
 * PostgreSQL's serialization failure and deadlock: the transaction did nothing and may simply run again.
 * And a unique violation from a create's insert: batches queue on the change counter, so another one
 * cannot insert the same id meanwhile, but should any writer ever do so, the batch runs again, finds the
 * row and answers that operation `id_taken` rather than a 500.
 */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
const ATTEMPTS = 3;

function sqlState(error: unknown): string | undefined {
  // drizzle wraps the driver's error; the SQLSTATE is on the original.
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * A transaction (READ COMMITTED, the database's default) run again as a whole when the database aborts
 * it for a serialization failure or a deadlock, at most three times.
 */
export async function retryingTransaction<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
    }
  }
}
