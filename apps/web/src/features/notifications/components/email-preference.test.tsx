import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { EmailPreferenceSection } from './email-preference.tsx';

afterEach(() => vi.unstubAllGlobals());

function serve(refuse = false) {
  let email = 'daily';
  return mockFetch((call) => {
    if (pathOf(call) !== '/me/notification-preferences') return problem(404, 'not_found');
    if (call.method === 'PUT') {
      if (refuse) return problem(503, 'database_unavailable');
      email = (call.body as { email: string }).email;
    }
    return json({ email });
  });
}

describe("/me's 'Par e-mail'", () => {
  it("shows the person's choice, 'Résumé quotidien' by default, and saves another as it is chosen", async () => {
    const calls = serve();
    renderRoute(<EmailPreferenceSection />, '/me');
    const select = await screen.findByRole('combobox', { name: 'Par e-mail' });
    expect(select).toHaveValue('daily');
    expect(select).toHaveAccessibleDescription('Quand Jalon vous écrit pour vos notifications.');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Immédiatement',
      'Résumé quotidien',
      'Jamais',
    ]);
    await userEvent.selectOptions(select, 'Immédiatement');
    expect(await screen.findByText('Préférence enregistrée.')).toBeInTheDocument();
    expect(select).toHaveValue('immediate');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ email: 'immediate' });
  });

  it('says in French when the choice could not be saved, and shows the saved one again', async () => {
    serve(true);
    renderRoute(<EmailPreferenceSection />, '/me');
    const select = await screen.findByRole('combobox', { name: 'Par e-mail' });
    await userEvent.selectOptions(select, 'Jamais');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^La préférence n’a pas pu être enregistrée : /,
    );
    await waitFor(() => expect(select).toHaveValue('daily'));
  });
});
