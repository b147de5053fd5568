import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';

export type SyncBatchResult = 'applied' | 'conflict' | 'rejected' | 'failed';

/**
 * The series GET /metrics exposes (docs/operations.md says what each means). One registry per app
 * rather than prom-client's global one, so that several apps in one process (tests) never share a count.
 * Feature modules reach their series through `ctx.metrics`.
 */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_code'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Live event streams open on this instance (the event hub counts them). */
  eventStreamsOpen: Gauge;
  /** Each change's fan-out to this instance's streams, by phase (`read`, `write`). */
  eventFanOut: Histogram<'phase'>;
  /** Sync batches by result: `answered` (200), or the refusal's code (`out_of_order`, `forbidden`…). */
  syncBatches: Counter<'result'>;
}

export function createAppMetrics(database: Database): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { pool } = database;
  // Read when scraped: the pool already counts, so nothing has to be kept in step.
  new Gauge({
    name: 'jalon_db_pool_connections',
    help: 'Database connections held by the pool, by state (total, idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'jalon_db_pool_waiting',
    // With PGlite the pool has one connection, so this is the queue in front of the database worker.
    help: 'Queries waiting for a database connection (with PGlite: the queue in front of the worker)',
    labelNames: ['database'],
    registers: [registry],
    collect() {
      this.set({ database: database.kind }, pool.waitingCount);
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'jalon_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'jalon_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    eventStreamsOpen: new Gauge({
      name: 'jalon_event_streams_open',
      help: 'Live event streams (SSE) open now',
      registers: [registry],
    }),
    eventFanOut: new Histogram({
      name: 'jalon_event_fanout_seconds',
      help: "One change announced to this instance's streams, by phase: read (from the notification to its rows read, queue included) and write (the text written to every stream)",
      labelNames: ['phase'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    syncBatches: new Counter({
      name: 'jalon_sync_batches_total',
      help: 'Offline sync batches (POST /api/sync/batch), by result: answered, or the refusal code',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}
