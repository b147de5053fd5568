import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedCall } from '../../../test/http.ts';
import {
  blobText,
  callsTo,
  captureDownloads,
  makeAuditEntry,
  makeStatus,
  queryOf,
  renderSecurity,
  serve,
  signIn,
  type Route,
} from '../../../test/security-test-kit.ts';

const ENTRIES = [
  makeAuditEntry({ id: '3', type: 'security.2fa.enabled', details: 'Two-factor authentication enabled' }),
  makeAuditEntry({
    id: '2',
    createdAt: '2030-01-15T09:00:05.000Z',
    type: 'auth.login.failed',
    user: { id: 'user-2', name: null, email: 'bob@example.test' },
    outcome: 'failure',
    details: 'Wrong password',
  }),
  makeAuditEntry({
    id: '1',
    type: 'auth.password.reset',
    user: { id: null, name: null, email: null },
    details: '',
  }),
];

function auditServer(
  list: Route = () => json({ items: ENTRIES, nextCursor: null }),
  extra: Record<string, Route> = {},
) {
  return serve({
    'GET /2fa/status': () => json(makeStatus({ enabled: true, backupCodesRemaining: 10 })),
    'GET /auth/audit-logs': list,
    ...extra,
  });
}

async function openAudit() {
  const user = userEvent.setup();
  signIn();
  await renderSecurity();
  await user.click(screen.getByRole('tab', { name: "Journal d'audit" }));
  return user;
}

const listCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET /auth/audit-logs');

describe("Journal d'audit tab", () => {
  it('shows the entries in the columns Date, Type, Utilisateur, Détails', async () => {
    auditServer();
    await openAudit();
    const table = await screen.findByRole('table', {
      name: "Entrées du journal d'audit, les plus récentes d'abord",
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Type', 'Utilisateur', 'Détails']);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + ENTRIES.length));
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['15/01/2030 09:30:15', 'security.2fa.enabled', 'alice', 'Two-factor authentication enabled']);
    // No name: the e-mail; a failure says so.
    expect(within(second!).getAllByRole('cell')[2]).toHaveTextContent('bob@example.test');
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent('auth.login.failedéchec');
    // No user at all: 'Système'; no details: the type.
    expect(within(third!).getAllByRole('cell')[2]).toHaveTextContent('Système');
    expect(within(third!).getAllByRole('cell')[3]).toHaveTextContent('auth.password.reset');
  });

  it('shows 6 skeleton rows while loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    auditServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    await openAudit();
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('aria-busy', 'true');
    const skeletons = within(table)
      .getAllByRole('row', { hidden: true })
      .filter((row) => row.classList.contains('skeleton-row'));
    expect(skeletons).toHaveLength(6);
    expect(screen.getByText('Chargement du journal…')).toBeInTheDocument();

    answer(json({ items: ENTRIES, nextCursor: null }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(table.querySelectorAll('.skeleton-row')).toHaveLength(0);
  });

  it('sends the type filter and the text search as query parameters', async () => {
    const calls = auditServer();
    const user = await openAudit();
    await screen.findByText('Two-factor authentication enabled');
    expect(queryOf(listCalls(calls)[0]!).get('type')).toBeNull();

    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Tous',
      'Authentification (auth.*)',
      'Sécurité (security.*)',
      'Administration (admin.*)',
      'Projets (project.*)',
      'Tâches (task.*)',
    ]);
    await user.selectOptions(type, 'Sécurité (security.*)');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).get('type')).toBe('security'));

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher (détails, utilisateur)' }), 'bob');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).get('q')).toBe('bob'));
    const last = queryOf(listCalls(calls).at(-1)!);
    expect(last.get('type')).toBe('security');
    // Typing is debounced: not one request per letter.
    expect(listCalls(calls).filter((call) => queryOf(call).has('q'))).toHaveLength(1);

    await user.selectOptions(type, 'Tous');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).has('type')).toBe(false));
  });

  it("loads older entries with 'Charger plus' while there is a next cursor", async () => {
    const calls = auditServer((call) =>
      queryOf(call).get('before') === '3'
        ? json({ items: [makeAuditEntry({ id: '2', details: 'Older entry' })], nextCursor: null })
        : json({ items: [ENTRIES[0]], nextCursor: '3' }),
    );
    const user = await openAudit();
    await user.click(await screen.findByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByText('Older entry')).toBeInTheDocument();
    expect(screen.getByText('Two-factor authentication enabled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
    expect(queryOf(listCalls(calls)[1]!).get('before')).toBe('3');
  });

  it("says 'Erreur lors du chargement des logs' when the journal cannot be read", async () => {
    auditServer(() => problem(400, 'validation_failed'));
    await openAudit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des logs');
  });

  it('exports as CSV with the Bearer token and the filters, and saves audit-logs-<timestamp>.csv', async () => {
    const downloads = captureDownloads();
    const calls = auditServer(undefined, {
      'GET /auth/audit-logs/export/csv': () =>
        new Response('\uFEFFdate,type\r\n2030-01-15,security.2fa.enabled\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="audit-logs-2030-01-15T10-00-00.csv"',
          },
        }),
    });
    const user = await openAudit();
    await screen.findByText('Two-factor authentication enabled');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'security');
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));

    expect(
      await screen.findByText('Fichier audit-logs-2030-01-15T10-00-00.csv téléchargé.'),
    ).toBeInTheDocument();
    const exported = callsTo(calls, 'GET /auth/audit-logs/export/csv')[0]!;
    expect(exported.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(queryOf(exported).get('type')).toBe('security');
    // The PDF prints its times in the zone the screen shows them in.
    expect(queryOf(exported).get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toMatch(/^audit-logs.*\.csv$/);
    expect(await blobText(downloads[0]!.blob)).toContain('security.2fa.enabled');
  });

  it('names the file itself when the server does not say (PDF)', async () => {
    const downloads = captureDownloads();
    auditServer(undefined, {
      'GET /auth/audit-logs/export/pdf': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const user = await openAudit();
    await user.click(await screen.findByRole('button', { name: 'Exporter en PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.pdf$/);
  });

  it('says the export failed, in French', async () => {
    const downloads = captureDownloads();
    auditServer(undefined, { 'GET /auth/audit-logs/export/csv': () => problem(400, 'validation_failed') });
    const user = await openAudit();
    await user.click(await screen.findByRole('button', { name: 'Exporter en CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Échec de l'export du journal d'audit");
    expect(downloads).toHaveLength(0);
  });
});
