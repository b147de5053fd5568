import type { Dashboard, Project } from '@jalon/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateSession } from '../../../lib/session-store.ts';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { listBody } from '../../../test/work-fixtures.ts';
import { renderRoute, renderWorkRoute } from '../../../test/render-route.tsx';
import { serveWork } from '../../../test/work-server.ts';
import {
  makeAudit,
  makeDashboard,
  makeProject,
  makeTask,
  makeTrends,
  NOW,
  projectId,
} from '../../../test/dashboard-test-kit.ts';
import { DashboardPage } from './dashboard-page.tsx';

// The canvas charts are replaced by stand-ins that show the data they were given.
vi.mock('react-chartjs-2', () => {
  const stub =
    (name: string) =>
    ({ data }: { data: { labels: string[]; datasets: { data: number[] }[] } }): ReactNode => (
      <pre data-testid={name}>{JSON.stringify({ labels: data.labels, values: data.datasets[0]?.data })}</pre>
    );
  return { Doughnut: stub('doughnut'), Bar: stub('bar') };
});

const REDUCED = '(prefers-reduced-motion: reduce)';
function setReducedMotion(reduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query === REDUCED,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const projects: Project[] = [
  makeProject({ id: projectId(1), name: 'Site vitrine' }),
  makeProject({ id: projectId(2), name: 'Application mobile' }),
];

interface ServerOptions {
  dashboard?: (params: URLSearchParams) => Dashboard;
  handler?: (call: RecordedCall) => Response | undefined;
}

function dashboardRoutes(
  call: RecordedCall,
  dashboard: (params: URLSearchParams) => Dashboard,
): Response | undefined {
  const url = new URL(call.url, 'http://localhost');
  const path = pathOf(call).split('?')[0];
  if (path === '/dashboard') return json(dashboard(url.searchParams));
  if (path === '/analytics/trends') return json(makeTrends());
  if (path === '/auth/audit-logs') return json({ items: [makeAudit()], nextCursor: null });
  return undefined;
}

function serve({
  dashboard = () => makeDashboard(),
  handler = () => undefined,
}: ServerOptions = {}): RecordedCall[] {
  return mockFetch((call) => {
    const answer = handler(call) ?? dashboardRoutes(call, dashboard);
    if (answer) return answer;
    if (pathOf(call) === '/projects' && call.method === 'GET') return listBody(projects);
    return problem(404, 'not_found');
  });
}

/** The dashboard's reads, and the offline engine's pulls and batches (the quick-create forms write through the outbox). */
const serveWithWork = ({ dashboard = () => makeDashboard() }: ServerOptions = {}) =>
  serveWork({ projects, handler: (call) => dashboardRoutes(call, dashboard) });
const renderWithWork = () => renderWorkRoute(<DashboardPage online />, '/dashboard');

const callsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => pathOf(call).split('?')[0] === path);
const paramsOf = (call: RecordedCall | undefined) =>
  new URL(call?.url ?? '', 'http://localhost').searchParams;

const renderPage = (online = true) => renderRoute(<DashboardPage online={online} />, '/dashboard');
// The grid renders in three steps (counters, then each half below them a frame apart): the last one is loaded.
const loaded = () => screen.findByRole('heading', { name: 'Tâches récentes' });
const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setReducedMotion(true);
  updateSession({
    user: {
      id: 'user-1',
      email: 'alice@example.test',
      username: 'alice',
      role: 'member',
      twoFactorEnabled: false,
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dashboard header and counters', () => {
  it('greets the user and shows the four counters with their subtexts', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Bonjour, alice' })).toBeInTheDocument();
    expect(screen.getByText('Chargement des données du tableau de bord...')).toBeInTheDocument();
    await loaded();
    const counters = screen.getByRole('list', { name: 'Indicateurs' });
    const card = (label: string) => within(counters).getByText(label).closest('li') as HTMLElement;
    expect(within(card('Projets')).getByText('7')).toBeInTheDocument();
    expect(within(card('Projets')).getByText('2 terminés')).toBeInTheDocument();
    expect(within(card('Tâches actives')).getByText('23')).toBeInTheDocument();
    expect(within(card('Tâches actives')).getByText('Sur 41 tâches')).toBeInTheDocument();
    expect(within(card('Prioritaires')).getByText('5')).toBeInTheDocument();
    expect(within(card('En retard')).getByText('4')).toBeInTheDocument();
  });

  it('makes each counter a link to the list with the filters that give its number', async () => {
    serve();
    renderPage();
    await loaded();
    const counters = screen.getByRole('list', { name: 'Indicateurs' });
    const link = (label: string) => within(counters).getByText(label).closest('a')?.getAttribute('href');
    expect(link('Projets')).toBe('/projects');
    expect(link('Tâches actives')).toBe('/tasks?status=active');
    expect(link('Prioritaires')).toBe('/tasks?status=active&priority=high');
    expect(link('En retard')).toBe('/tasks?due=overdue');
  });

  it("falls back to 'Utilisateur' without a username", async () => {
    updateSession({ user: null });
    serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Bonjour, Utilisateur' })).toBeInTheDocument();
    await loaded();
  });

  it('counts up from 0 when motion is allowed', async () => {
    setReducedMotion(false);
    serve();
    renderPage();
    // The counters come with the answer (the sections below them a frame later): their first frame shows 0,
    // then the value arrives within the 600 ms.
    const counters = await screen.findByRole('list', { name: 'Indicateurs' });
    expect(within(counters).getAllByText('0').length).toBeGreaterThan(0);
    expect(await within(counters).findByText('23', {}, { timeout: 2000 })).toBeInTheDocument();
  });
});

describe('filters', () => {
  it('sends the chosen status chip to the server and marks it pressed', async () => {
    const user = userEvent.setup();
    const calls = serve({
      dashboard: (params) =>
        params.get('status') === 'completed'
          ? makeDashboard({
              projects: [
                makeProject({ id: projectId(3), name: 'Migration', status: 'completed', progress: 100 }),
              ],
            })
          : makeDashboard(),
    });
    renderPage();
    await loaded();
    const chips = screen.getByRole('group', { name: 'Filtrer les projets par statut' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Tous', 'Actifs', 'Terminés', 'En attente', 'Annulés']);
    await user.click(within(chips).getByRole('button', { name: 'Terminés' }));
    expect(await screen.findByRole('heading', { name: 'Migration' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Terminés' })).toHaveAttribute('aria-pressed', 'true');
    expect(paramsOf(callsTo(calls, '/dashboard').at(-1)).get('status')).toBe('completed');
  });

  it('reloads only the trends when the period changes', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    await loaded();
    await waitFor(() => expect(callsTo(calls, '/analytics/trends')).toHaveLength(1));
    expect(paramsOf(callsTo(calls, '/analytics/trends')[0]).get('days')).toBe('7');
    const before = calls.length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Période' }), '30');
    await waitFor(() => expect(callsTo(calls, '/analytics/trends')).toHaveLength(2));
    expect(paramsOf(callsTo(calls, '/analytics/trends')[1]).get('days')).toBe('30');
    expect(calls.slice(before).map((call) => pathOf(call).split('?')[0])).toEqual(['/analytics/trends']);
    expect(await screen.findAllByText(/^sur 30 jours/)).toHaveLength(5);
  });

  it("scopes the dashboard to the chosen project and 'Effacer' clears it", async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    await loaded();
    const select = screen.getByRole('combobox', { name: 'Projet' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Tous', 'Site vitrine', 'Application mobile']),
    );
    expect(screen.getByRole('button', { name: 'Effacer' })).toBeDisabled();
    await user.selectOptions(select, projectId(2));
    await waitFor(() =>
      expect(paramsOf(callsTo(calls, '/dashboard').at(-1)).get('projectId')).toBe(projectId(2)),
    );
    await waitFor(() =>
      expect(paramsOf(callsTo(calls, '/analytics/trends').at(-1)).get('projectId')).toBe(projectId(2)),
    );
    await user.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(select).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Annuler focus' })).not.toBeInTheDocument();
  });

  it("'Actualiser' reloads the dashboard, trends and activity", async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderPage();
    await loaded();
    await waitFor(() => expect(callsTo(calls, '/auth/audit-logs')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(callsTo(calls, '/dashboard')).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, '/analytics/trends')).toHaveLength(2));
    await waitFor(() => expect(callsTo(calls, '/auth/audit-logs')).toHaveLength(2));
  });
});

describe('project cards', () => {
  it("shows name, status, deadline badge, task count, progress ring, 'Ouvrir' and 'Tous'", async () => {
    serve();
    renderPage();
    await loaded();
    const site = screen.getByRole('article', { name: 'Site vitrine' });
    expect(within(site).getByText('Actif')).toBeInTheDocument();
    expect(within(site).getByText('J-3')).toBeInTheDocument();
    expect(within(site).getByText('3 tâches')).toBeInTheDocument();
    expect(within(site).getByRole('img', { name: 'Progression : 80 %' })).toBeInTheDocument();
    expect(within(site).getByText('Refonte du site public')).toBeInTheDocument();
    expect(within(site).getByRole('link', { name: 'Ouvrir' })).toHaveAttribute(
      'href',
      `/projects/${projectId(1)}`,
    );
    const mobile = screen.getByRole('article', { name: 'Application mobile' });
    expect(within(mobile).getByText('En retard')).toBeInTheDocument();
    expect(within(mobile).getByText('En pause')).toBeInTheDocument();
    expect(within(mobile).getByText('1 tâche')).toBeInTheDocument();
    expect(within(section('Projets en cours')).getByRole('link', { name: 'Tous' })).toHaveAttribute(
      'href',
      '/projects',
    );
  });

  it("says 'Aucun projet.' and 'Aucune échéance prochaine.' when there are none", async () => {
    serve({ dashboard: () => makeDashboard({ projects: [], upcoming: [] }) });
    renderPage();
    await loaded();
    expect(screen.getByText('Aucun projet.')).toBeInTheDocument();
    expect(screen.getByText('Aucune échéance prochaine.')).toBeInTheDocument();
  });

  it("'Focus' selects the project as filter, scrolls to the recent tasks and shows 15 of them", async () => {
    const user = userEvent.setup();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const calls = serve({
      dashboard: (params) => {
        const base = makeDashboard();
        return params.get('projectId') ? base : { ...base, recentTasks: base.recentTasks.slice(0, 10) };
      },
    });
    renderPage();
    await loaded();
    const tasks = section('Tâches récentes');
    expect(within(tasks).getAllByRole('listitem')).toHaveLength(10);
    expect(within(tasks).queryByRole('button', { name: 'Annuler focus' })).not.toBeInTheDocument();

    await user.click(
      within(screen.getByRole('article', { name: 'Application mobile' })).getByRole('button', {
        name: 'Focus',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Projet' })).toHaveValue(projectId(2));
    expect(scrollTo).toHaveBeenCalled();
    expect(tasks).toHaveFocus();
    await waitFor(() => expect(within(tasks).getAllByRole('listitem')).toHaveLength(15));
    expect(paramsOf(callsTo(calls, '/dashboard').at(-1)).get('projectId')).toBe(projectId(2));

    await user.click(within(tasks).getByRole('button', { name: 'Annuler focus' }));
    expect(screen.getByRole('combobox', { name: 'Projet' })).toHaveValue('');
    await waitFor(() => expect(within(tasks).getAllByRole('listitem')).toHaveLength(10));
  });

  it('animates the scroll over 520 ms when motion is allowed', async () => {
    setReducedMotion(false);
    const user = userEvent.setup();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    serve();
    renderPage();
    await loaded();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const tasks = section('Tâches récentes');
    vi.spyOn(tasks, 'getBoundingClientRect').mockReturnValue({ top: 1016 } as DOMRect);
    await user.click(
      within(screen.getByRole('article', { name: 'Site vitrine' })).getByRole('button', { name: 'Focus' }),
    );
    const run = (time: number) => act(() => frames.splice(0).forEach((frame) => frame(time)));
    run(1000);
    run(1260);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 500);
    expect(tasks).not.toHaveFocus();
    run(1520);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1000);
    expect(tasks).toHaveFocus();
  });
});

describe('deadlines, charts and insights', () => {
  it('gives each upcoming deadline its badge level', async () => {
    serve({
      dashboard: () =>
        makeDashboard({
          upcoming: [
            {
              kind: 'task',
              id: 'a',
              title: 'Hier',
              deadline: '2030-01-15T08:00:00.000Z',
              projectId: projectId(1),
            },
            {
              kind: 'task',
              id: 'b',
              title: 'Bientôt',
              deadline: '2030-01-17T12:00:00.000Z',
              projectId: projectId(1),
            },
            {
              kind: 'project',
              id: 'c',
              title: 'Proche',
              deadline: '2030-01-20T12:00:00.000Z',
              projectId: projectId(1),
            },
            {
              kind: 'task',
              id: 'd',
              title: 'Plus tard',
              deadline: '2030-02-20T12:00:00.000Z',
              projectId: projectId(1),
            },
          ],
        }),
    });
    renderPage();
    await loaded();
    const items = within(section('Échéances à venir')).getAllByRole('listitem');
    expect(
      items.map((item) => [
        item.querySelector('[data-level]')?.getAttribute('data-level'),
        item.querySelector('[data-level] [aria-hidden]')?.textContent,
      ]),
    ).toEqual([
      ['overdue', 'En retard'],
      ['soon', 'J-2'],
      ['near', 'J-5'],
      ['later', 'J-36'],
    ]);
    // A task's deadline opens the task, a project's the project.
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Bientôt' })).toHaveAttribute(
      'href',
      '/tasks/b',
    );
    expect(within(items[2] as HTMLElement).getByRole('link', { name: 'Proche' })).toHaveAttribute(
      'href',
      `/projects/${projectId(1)}`,
    );
  });

  it('passes the status and priority numbers to the charts and writes them as tables', async () => {
    serve();
    renderPage();
    await loaded();
    expect(JSON.parse((await screen.findByTestId('doughnut')).textContent ?? '')).toEqual({
      labels: ['En cours', 'Terminés', 'Non démarrés', 'En retard'],
      values: [3, 2, 1, 1],
    });
    expect(JSON.parse((await screen.findByTestId('bar')).textContent ?? '')).toEqual({
      labels: ['Haute', 'Moyenne', 'Basse'],
      values: [9, 20, 12],
    });
    const table = screen.getByRole('table', { name: 'Tâches par priorité' });
    expect(within(table).getByRole('row', { name: 'Haute 9' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'État des projets' })).toBeInTheDocument();
  });

  it('shows the average per day of each trend and tolerates a trends failure', async () => {
    serve();
    renderPage();
    await loaded();
    const insights = section('Insights');
    await waitFor(() => expect(within(insights).getAllByRole('listitem')).toHaveLength(5));
    const card = (label: string) => within(insights).getByText(label).closest('li') as HTMLElement;
    expect(within(card('Créations')).getByText('2,0 / jour')).toBeInTheDocument();
    expect(within(card('En revue')).getByText('1,0 / jour')).toBeInTheDocument();
    expect(within(card('Terminées')).getByText('0,4 / jour')).toBeInTheDocument();
    expect(within(card('Retards')).getByText('sur 7 jours · Total : 1')).toBeInTheDocument();
    expect(within(card('Réouvertes')).getByText('0,0 / jour')).toBeInTheDocument();
  });

  it('uses empty trends with a warning when the trends call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({
      handler: (call) =>
        pathOf(call).startsWith('/analytics/trends') ? problem(403, 'forbidden') : undefined,
    });
    renderPage();
    await loaded();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    const insights = section('Insights');
    expect(within(insights).getAllByRole('listitem')).toHaveLength(3);
    expect(within(insights).getAllByText('0,0 / jour')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('recent activity and tasks', () => {
  it('shows the icon, actor, details, date and age of each entry', async () => {
    serve({
      handler: (call) =>
        pathOf(call).startsWith('/auth/audit-logs')
          ? json({
              items: [
                makeAudit({ id: '1', type: 'auth.login.succeeded', createdAt: '2030-01-15T09:59:30.000Z' }),
                makeAudit({
                  id: '2',
                  type: 'project.created',
                  user: { id: null, name: null, email: 'bob@example.test' },
                  details: 'Projet créé',
                  createdAt: '2030-01-15T09:50:00.000Z',
                }),
                makeAudit({
                  id: '3',
                  type: 'security.2fa.enabled',
                  user: { id: null, name: null, email: null },
                  details: '',
                  createdAt: '2030-01-15T07:00:00.000Z',
                }),
                makeAudit({
                  id: '4',
                  type: 'sync.batch',
                  details: 'Synchronisation',
                  createdAt: '2030-01-13T10:00:00.000Z',
                }),
              ],
              nextCursor: null,
            })
          : undefined,
    });
    renderPage();
    await loaded();
    const activity = section('Activité récente');
    await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(4));
    const [first, second, third, fourth] = within(activity).getAllByRole('listitem') as HTMLElement[];
    // Each entry's icon is an SVG hidden from assistive technology; its family is said in words instead.
    for (const item of [first, second, third, fourth])
      expect(item?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(first).toHaveTextContent('Connexion :');
    expect(first).toHaveTextContent('alice Connexion réussie');
    expect(first).toHaveTextContent('il y a 30 s');
    expect(second).toHaveTextContent('Projet :');
    expect(second).toHaveTextContent('bob@example.test Projet créé');
    expect(second).toHaveTextContent('il y a 10 m');
    expect(third).toHaveTextContent('Sécurité :');
    expect(third).toHaveTextContent('Système security.2fa.enabled');
    expect(third).toHaveTextContent('il y a 3 h');
    expect(fourth).toHaveTextContent('Autre :');
    expect(fourth).toHaveTextContent('il y a 2 j');
    expect(fourth).toHaveTextContent('13/01/2030 10:00');
  });

  it("asks for 12 entries and says 'Aucune activité récente' when there are none", async () => {
    const calls = serve({
      handler: (call) =>
        pathOf(call).startsWith('/auth/audit-logs') ? json({ items: [], nextCursor: null }) : undefined,
    });
    renderPage();
    await loaded();
    expect(await screen.findByText('Aucune activité récente')).toBeInTheDocument();
    expect(paramsOf(callsTo(calls, '/auth/audit-logs')[0]).get('limit')).toBe('12');
  });

  it('shows priority, title, description, date and status label of each recent task', async () => {
    serve({
      dashboard: () =>
        makeDashboard({
          recentTasks: [
            makeTask({
              id: 'a',
              title: 'Écrire',
              priority: 'high',
              status: 'done',
              createdAt: '2030-01-14T09:00:00.000Z',
            }),
            makeTask({ id: 'b', title: 'Relire', priority: 'medium', status: 'in_progress' }),
            makeTask({ id: 'c', title: 'Valider', priority: 'low', status: 'in_review' }),
            makeTask({ id: 'd', title: 'Publier', priority: 'low', status: 'todo' }),
          ],
        }),
    });
    renderPage();
    await loaded();
    const items = within(section('Tâches récentes')).getAllByRole('listitem') as HTMLElement[];
    expect(items[0]).toHaveTextContent('Priorité Haute');
    expect(items[0]).toHaveTextContent('Écrire');
    expect(items[0]).toHaveTextContent('Première version de la page');
    expect(items[0]).toHaveTextContent('14 janvier 2030');
    expect(items.map((item) => item.lastElementChild?.textContent)).toEqual([
      'Terminée',
      'En cours',
      'En revue',
      'À faire',
    ]);
    expect(items[1]).toHaveTextContent('Moyenne');
    expect(items[2]).toHaveTextContent('Basse');
  });
});

describe('states', () => {
  it("shows 'Pas de connexion internet' offline and loads nothing", () => {
    const calls = serve();
    renderPage(false);
    expect(screen.getByText('Pas de connexion internet')).toBeInTheDocument();
    expect(screen.queryByText('Chargement des données du tableau de bord...')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Erreur de chargement' with the message when the dashboard cannot load", async () => {
    serve({
      handler: (call) => (pathOf(call).startsWith('/dashboard') ? problem(403, 'forbidden') : undefined),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur de chargement');
    expect(alert).toHaveTextContent('Action non autorisée.');
  });

  it('reloads every 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const calls = serve();
    renderPage();
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Projets en cours' })).toBeInTheDocument(),
    );
    expect(callsTo(calls, '/dashboard')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(callsTo(calls, '/dashboard')).toHaveLength(2);
    expect(callsTo(calls, '/analytics/trends')).toHaveLength(2);
  });
});

describe('quick create', () => {
  it("toggles 'Créer' / 'Fermer' and validates the project name", async () => {
    const user = userEvent.setup();
    const server = serveWithWork();
    renderWithWork();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Création rapide' });
    await user.click(within(panel).getByRole('button', { name: 'Créer' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Nom du projet requis');
    expect(server.operations()).toHaveLength(0);
    expect(within(panel).getByLabelText('Échéance')).toHaveAttribute('min', '2030-01-15');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('region', { name: 'Création rapide' })).not.toBeInTheDocument();
  });

  it('Esc closes the panel from its own field, and the focus goes back to the button that opened it', async () => {
    const user = userEvent.setup();
    serveWithWork();
    renderWithWork();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    const panel = screen.getByRole('region', { name: 'Création rapide' });
    await user.type(within(panel).getByLabelText('Nom du projet'), 'Brouillon');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Création rapide' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Créer' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("creates a project with the padded description and default deadline, shows 'Créé !' for 1.8 s, refreshes and closes", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    vi.setSystemTime(NOW);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const server = serveWithWork();
    const calls = server.calls;
    renderWithWork();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    const panel = screen.getByRole('region', { name: 'Création rapide' });
    await user.type(within(panel).getByLabelText('Nom du projet'), 'Refonte');
    await user.type(within(panel).getByLabelText('Description'), ' abc ');
    const readsBefore = callsTo(calls, '/dashboard').length;
    await user.click(within(panel).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Créé !'));
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({ entity: 'project', op: 'upsert', version: 0 });
    const body = server.operations()[0]?.data as { name: string; description: string; deadline: string };
    expect(body).toMatchObject({ name: 'Refonte', description: 'Refonte – initialisation' });
    // Now plus 14 days (the clock moved on a little while the form was filled in).
    const ahead = Date.parse(body.deadline) - NOW.getTime() - 14 * 86_400_000;
    expect(ahead).toBeGreaterThanOrEqual(0);
    expect(ahead).toBeLessThan(60_000);
    await waitFor(() => expect(callsTo(calls, '/dashboard').length).toBeGreaterThan(readsBefore));
    await act(() => vi.advanceTimersByTimeAsync(1_650));
    expect(screen.getByRole('region', { name: 'Création rapide' })).toHaveTextContent('Créé !');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.queryByRole('region', { name: 'Création rapide' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends a chosen deadline as the end of that day', async () => {
    const user = userEvent.setup();
    const server = serveWithWork();
    renderWithWork();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    const panel = screen.getByRole('region', { name: 'Création rapide' });
    await user.type(within(panel).getByLabelText('Nom du projet'), 'Refonte');
    await user.type(within(panel).getByLabelText('Description'), 'Une vraie description');
    fireEvent.change(within(panel).getByLabelText('Échéance'), { target: { value: '2030-02-03' } });
    await user.click(within(panel).getByRole('button', { name: 'Créer' }));
    await waitFor(() =>
      expect(server.operations()[0]?.data).toEqual({
        name: 'Refonte',
        description: 'Une vraie description',
        deadline: '2030-02-03T23:59:59.999Z',
      }),
    );
  });

  it("creates a task with '{title} – description rapide' in a project of the device's copy", async () => {
    const user = userEvent.setup();
    const server = serveWithWork();
    renderWithWork();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    const panel = screen.getByRole('region', { name: 'Création rapide' });
    await user.click(within(panel).getByRole('tab', { name: 'Tâche' }));
    await user.click(within(panel).getByRole('button', { name: 'Créer' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Titre et projet requis');
    await user.type(within(panel).getByLabelText('Titre de la tâche'), 'Écrire la doc');
    const select = within(panel).getByRole('combobox', { name: 'Projet' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, projectId(2));
    await user.click(within(panel).getByRole('button', { name: 'Créer' }));
    expect(await within(panel).findByText('Créé !')).toBeInTheDocument();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({ entity: 'task', op: 'upsert', version: 0 });
    expect(server.operations()[0]?.data).toEqual({
      title: 'Écrire la doc',
      project: projectId(2),
      description: 'Écrire la doc – description rapide',
    });
  });

  it('labels a quick task, with a label made on the fly from its field', async () => {
    const user = userEvent.setup();
    const server = serveWithWork();
    renderWithWork();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    const panel = screen.getByRole('region', { name: 'Création rapide' });
    await user.click(within(panel).getByRole('tab', { name: 'Tâche' }));
    await user.type(within(panel).getByLabelText('Titre de la tâche'), 'Relancer le traiteur');
    const select = within(panel).getByRole('combobox', { name: 'Projet' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, projectId(2));
    await user.type(within(panel).getByRole('combobox', { name: 'Étiquettes' }), 'Client');
    await user.keyboard('{Enter}');
    expect(
      within(within(panel).getByRole('list', { name: 'Étiquettes choisies' })).getByText('Client'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Créer' }));
    expect(await within(panel).findByText('Créé !')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.operations().map((operation) => operation.entity)).toEqual(['label', 'task']),
    );
    const [label, task] = server.operations();
    expect(label).toMatchObject({ op: 'upsert', data: { name: 'Client' } });
    expect(task!.data).toMatchObject({ title: 'Relancer le traiteur', labels: [label!.id] });
  });

  it("shows the server's validation details joined with ' | ' in a red box (a direct create, without the outbox)", async () => {
    const user = userEvent.setup();
    // No offline engine around the page: the create falls back to POST /api/projects.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({
      handler: (call) =>
        call.method === 'POST'
          ? problem(400, 'validation_failed', {
              errors: [
                { path: 'name', message: 'Too big: expected string to have <=200 characters' },
                { path: 'deadline', message: 'Invalid ISO datetime' },
              ],
            })
          : undefined,
    });
    renderPage();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    const panel = screen.getByRole('region', { name: 'Création rapide' });
    await user.type(within(panel).getByLabelText('Nom du projet'), 'Refonte');
    await user.click(within(panel).getByRole('button', { name: 'Créer' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Too big: expected string to have <=200 characters | Invalid ISO datetime',
    );
    expect(alert).toHaveClass('alert--error');
    expect(screen.getByRole('region', { name: 'Création rapide' })).toBeInTheDocument();
  });
});
