import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAudit, makeDashboard, makeTrends } from '../test/dashboard-test-kit.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearSession, updateSession } from '../lib/session-store.ts';
import { makeMe, makeUser } from '../test/fixtures.ts';
import { json, pathOf, type RecordedCall } from '../test/http.ts';
import { renderApp } from '../test/render-app.tsx';
import { serveWork } from '../test/work-server.ts';
import { verifySessionEarly } from './verify-session-early.ts';

vi.mock('react-chartjs-2', () => ({ Doughnut: (): ReactNode => null, Bar: (): ReactNode => null }));

const ORIGIN = 'http://localhost:3000';
const signIn = () =>
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(),
  });

/**
 * The server reads of the dashboard and the journal; the offline engine's pulls come from serveWork. /me
 * answers once `meAnswered` resolves (at once by default).
 */
function serve(me = makeMe(), meAnswered: Promise<unknown> = Promise.resolve()): RecordedCall[] {
  return serveWork({
    handler: (call) => {
      const path = pathOf(call).split('?')[0];
      if (path === '/auth/me') return meAnswered.then(() => json(me));
      if (path === '/dashboard') return json(makeDashboard());
      if (path === '/analytics/trends') return json(makeTrends());
      if (path === '/auth/audit-logs') return json({ items: [makeAudit()], nextCursor: null });
      if (path === '/activity') return json({ items: [], nextCursor: null });
      if (path === '/activity/people') return json([]);
      return undefined;
    },
  }).calls;
}
const reads = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => pathOf(call).split('?')[0] === path);
const DASHBOARD_READS = ['/dashboard', '/analytics/trends', '/auth/audit-logs'];

afterEach(() => clearSession());

describe('the first screen’s data, asked as the app starts', () => {
  it('/dashboard: its reads go once /me answers, and the screen then finds them instead of asking again', async () => {
    signIn();
    let answerMe = () => {};
    const calls = serve(makeMe(), new Promise<void>((resolve) => (answerMe = resolve)));
    const queryClient = createQueryClient();
    verifySessionEarly(queryClient, `${ORIGIN}/dashboard`);
    await waitFor(() => expect(reads(calls, '/auth/me')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map(pathOf)).toEqual(['/auth/me']);
    answerMe();
    await waitFor(() => expect(DASHBOARD_READS.map((path) => reads(calls, path).length)).toEqual([1, 1, 1]));
    // The header's project filter reads /projects; the offline engine reads /sync/changes.
    expect(calls.filter((call) => pathOf(call) === '/projects')).toHaveLength(1);

    renderApp('/dashboard', queryClient);
    expect(await screen.findByRole('heading', { level: 1, name: /^Bonjour/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tâches par priorité' })).toBeInTheDocument();
    expect(DASHBOARD_READS.map((path) => reads(calls, path).length)).toEqual([1, 1, 1]);
    expect(reads(calls, '/auth/me')).toHaveLength(1);
    await waitFor(() => expect(calls.some((call) => pathOf(call).startsWith('/sync/changes'))).toBe(true));
  });

  it('/activity: the journal as the address filters it, and the list of people, with the session check', async () => {
    signIn();
    // /me does not answer: the journal is the screen's content, and its reads do not wait for the check.
    const calls = serve(makeMe(), new Promise(() => {}));
    verifySessionEarly(createQueryClient(), `${ORIGIN}/activity?person=user-2`);
    await waitFor(() => expect(reads(calls, '/activity/people')).toHaveLength(1));
    const journal = reads(calls, '/activity');
    expect(journal).toHaveLength(1);
    expect(new URL(journal[0]!.url, ORIGIN).searchParams.get('actorId')).toBe('user-2');
  });

  it('asks nothing more for an administrator held to /security until 2FA is set up, nor while offline', async () => {
    updateSession({
      token: 'tok-1',
      sessionId: 'sess-1',
      sessionExpiry: '2999-01-01T00:00:00.000Z',
      user: makeUser({ role: 'admin', twoFactorEnabled: false }),
    });
    const calls = serve(makeMe({ role: 'admin', twoFactorEnabled: false }));
    verifySessionEarly(createQueryClient(), `${ORIGIN}/dashboard`);
    // The journal's reads would leave with the check: the person stored at sign-in holds them back.
    verifySessionEarly(createQueryClient(), `${ORIGIN}/activity`);
    await waitFor(() => expect(reads(calls, '/auth/me')).toHaveLength(2));

    signIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offlineCalls = serve();
    verifySessionEarly(createQueryClient(), `${ORIGIN}/dashboard`);
    await waitFor(() => expect(reads(offlineCalls, '/auth/me')).toHaveLength(1));
    // Both checks answered: nothing else followed either of them.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map(pathOf)).toEqual(['/auth/me', '/auth/me']);
    expect(offlineCalls.map(pathOf)).toEqual(['/auth/me']);
  });
});
