import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ChannelListener } from './channel-listener.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// LISTEN/NOTIFY exists only on PostgreSQL (with PGlite the notifier stays in the process).
describe.skipIf(!serverUrl)('ChannelListener on PostgreSQL', () => {
  it('listens again by itself once its connection is ended, and says what was sent meanwhile is lost', async () => {
    const suffix = randomBytes(4).toString('hex');
    const channel = `jalon_test_${suffix}`;
    const applicationName = `jalon-listener-${suffix}`;
    const payloads: string[] = [];
    const errors: Error[] = [];
    let resumed = 0;
    const listener = new ChannelListener(
      { connectionString: serverUrl, application_name: applicationName },
      channel,
      {
        onPayload: (payload) => payloads.push(payload),
        onResumed: () => resumed++,
        onError: (error) => errors.push(error),
      },
    );
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await listener.start();
      await admin.query('select pg_notify($1, $2)', [channel, 'before']);
      await vi.waitFor(() => expect(payloads).toEqual(['before']));

      // As an administrator or a database restart would: the listener's session ends under it.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      await vi.waitFor(() => expect(resumed).toBe(1), { timeout: 5_000 });
      expect(errors.map((error) => (error as Error & { code?: string }).code)).toContain('57P01');

      await admin.query('select pg_notify($1, $2)', [channel, 'after']);
      await vi.waitFor(() => expect(payloads).toEqual(['before', 'after']));
    } finally {
      await listener.close();
      await admin.end();
    }
  });
});
