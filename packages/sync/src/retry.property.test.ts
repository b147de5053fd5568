import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';
import { SyncClient } from './client.ts';
import { contractChecks } from './contract-checks.ts';
import { MemoryStore } from './memory-store.ts';
import { TestServer } from './test-server.ts';
import { USER, uuids } from './test-factories.ts';
import type { BatchTransport } from './transport.ts';

const START = Date.parse('2026-11-23T12:00:00.000Z');

// Each attempt: does the network answer, and does the browser say it came back online just before?
const attempt = fc.record({
  answers: fc.boolean(),
  backOnline: fc.boolean(),
  waitedMs: fc.nat({ max: 400_000 }),
});

describe('the next attempt after failures', () => {
  it('waits out the backoff unless the browser came back online; only a success resets the failure count', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(attempt, { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        async (attempts, jitter) => {
          const server = new TestServer();
          const clock = { now: START };
          const client = await SyncClient.open({
            store: new MemoryStore(),
            userId: USER,
            now: () => clock.now,
            newId: uuids(),
            random: () => jitter,
            checks: contractChecks,
          });
          const send: BatchTransport = async (request) => server.batch(request);
          const down: BatchTransport = async () => Promise.reject(new TypeError('Failed to fetch'));
          let failures = 0;
          let nextAttemptAt: number | null = null;
          for (const { answers, backOnline, waitedMs } of attempts) {
            // Something to send at every attempt, so that 'idle' never hides whether the send went.
            await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
            clock.now += waitedMs;
            if (backOnline) await client.retryNow();
            const result = await client.flush(answers ? send : down);
            if (!backOnline && nextAttemptAt !== null && clock.now < nextAttemptAt) {
              expect(result).toEqual({ status: 'waiting', until: nextAttemptAt });
              continue;
            }
            if (answers) {
              expect(result.status).toBe('sent');
              [failures, nextAttemptAt] = [0, null];
            } else {
              failures += 1;
              nextAttemptAt = clock.now + backoffDelay(failures, () => jitter);
              expect(result).toEqual({ status: 'failed', failures, nextAttemptAt });
            }
            expect(await client.meta()).toMatchObject({ failures, nextAttemptAt });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
