import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem } from '../../../test/http.ts';
import { TASK } from '../../../test/notifications-test-kit.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { WatchButton } from './watch-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The task's answer says whether the caller watches it; PUT and DELETE …/watch change it. */
function serve(watching: boolean) {
  return mockFetch((call) => {
    const path = pathOf(call);
    if (path === `/tasks/${TASK}` && call.method === 'GET') return json({ id: TASK, watching });
    if (path === `/tasks/${TASK}/watch`) {
      watching = call.method === 'PUT';
      return json({ watching });
    }
    return problem(404, 'not_found');
  });
}

describe("a task's 'Suivre'", () => {
  it('follows a task with PUT and stops with DELETE, the button saying what a press will do', async () => {
    const calls = serve(false);
    renderRoute(<WatchButton taskId={TASK} />, '/tasks/:id', `/tasks/${TASK}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Suivre' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ne plus suivre' }));
    expect(await screen.findByRole('button', { name: 'Suivre' })).toBeInTheDocument();
    expect(
      calls.filter((call) => pathOf(call) === `/tasks/${TASK}/watch`).map((call) => call.method),
    ).toEqual(['PUT', 'DELETE']);
  });

  it('offers nothing offline, where whether the person watches the task is unknown', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = serve(true);
    renderRoute(<WatchButton taskId={TASK} />, '/tasks/:id', `/tasks/${TASK}`);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
