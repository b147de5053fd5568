import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { clearSession, updateSession } from '../lib/session-store.ts';
import { makeMe } from '../test/fixtures.ts';
import { json, pathOf, type RecordedCall } from '../test/http.ts';
import { renderApp } from '../test/render-app.tsx';
import { serveWork } from '../test/work-server.ts';
import { verifySessionEarly } from './verify-session-early.ts';

const ORIGIN = 'http://localhost:3000';
const signIn = () =>
  updateSession({ token: 'tok-1', sessionId: 'sess-1', sessionExpiry: '2999-01-01T00:00:00.000Z' });

function serve(): RecordedCall[] {
  return serveWork({ handler: (call) => (pathOf(call) === '/auth/me' ? json(makeMe()) : undefined) }).calls;
}
const meCalls = (calls: RecordedCall[]) => calls.filter((call) => pathOf(call) === '/auth/me');

afterEach(() => clearSession());

describe('verifySessionEarly', () => {
  it('asks /auth/me as the app starts, and the guard uses that answer instead of asking again', async () => {
    signIn();
    const calls = serve();
    const queryClient = createQueryClient();
    verifySessionEarly(queryClient, `${ORIGIN}/shortcuts`);
    expect(meCalls(calls)).toHaveLength(1);

    renderApp('/shortcuts', queryClient);
    expect(await screen.findByRole('heading', { level: 1, name: 'Raccourcis clavier' })).toBeInTheDocument();
    expect(meCalls(calls)).toHaveLength(1);
    // The layout's offline engine catches up once open: let it finish before the DOM goes.
    await waitFor(() => expect(calls.some((call) => pathOf(call).startsWith('/sync/changes'))).toBe(true));
  });

  it('asks nothing without a session', () => {
    const calls = serve();
    verifySessionEarly(createQueryClient(), `${ORIGIN}/dashboard`);
    expect(calls).toHaveLength(0);
  });

  it.each([`${ORIGIN}/dashboard?forceLogin`, `${ORIGIN}/tasks?logout=1`, `${ORIGIN}/#/dashboard?forceLogin`])(
    'asks nothing when %s discards the session',
    async (address) => {
      signIn();
      const calls = serve();
      verifySessionEarly(createQueryClient(), address);
      await waitFor(() => expect(calls).toHaveLength(0));
    },
  );
});
