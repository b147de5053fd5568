import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useOutletContext,
  useParams,
  useSearchParams,
  type RouteObject,
} from './index.ts';

/** A lazy route whose module arrives when the test says so. */
function deferredScreen(Component: ComponentType) {
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const lazy = vi.fn(
    () =>
      new Promise<{ Component: ComponentType }>((resolve, reject) => {
        arrive = () => resolve({ Component });
        fail = reject;
      }),
  );
  // The router shows the screen a few promise turns after the module arrives: a task later, it has.
  const settle = (step: () => void) =>
    act(async () => {
      step();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { lazy, arrive: () => settle(arrive), fail: (error: Error) => settle(() => fail(error)) };
}

const Heading = ({ text }: { text: string }) => <h1>{text}</h1>;

function Address() {
  const { pathname, search } = useLocation();
  return <p>Adresse {`${pathname}${search}`}</p>;
}

describe('router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("shows the fallback until the first screen's code is here, then the screen", async () => {
    const tasks = deferredScreen(() => <Heading text="Tâches" />);
    const router = createMemoryRouter(
      [{ fallbackElement: <p>Chargement…</p>, children: [{ path: 'tasks', lazy: tasks.lazy }] }],
      {
        initialEntries: ['/tasks'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    await tasks.arrive();
    expect(screen.getByRole('heading', { name: 'Tâches' })).toBeInTheDocument();
    expect(screen.queryByText('Chargement…')).not.toBeInTheDocument();
  });

  it('keeps the screen on view while the next one loads, and the latest navigation wins', async () => {
    const slow = deferredScreen(() => <Heading text="Lent" />);
    const fast = deferredScreen(() => <Heading text="Rapide" />);
    const router = createMemoryRouter(
      [
        { path: 'here', element: <Heading text="Ici" /> },
        { path: 'slow', lazy: slow.lazy },
        { path: 'fast', lazy: fast.lazy },
      ],
      { initialEntries: ['/here'] },
    );
    render(<RouterProvider router={router} />);
    void router.navigate('/slow');
    void router.navigate('/fast');
    expect(screen.getByRole('heading', { name: 'Ici' })).toBeInTheDocument();
    await fast.arrive();
    await slow.arrive();
    expect(screen.getByRole('heading', { name: 'Rapide' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fast');
  });

  it("shows the error element when a screen's code fails to load, and loads it again on the next visit", async () => {
    const lost = deferredScreen(() => <Heading text="Projets" />);
    const routes: RouteObject[] = [
      {
        errorElement: <p>Une erreur est survenue.</p>,
        children: [
          { path: 'home', element: <Heading text="Accueil" /> },
          { path: 'projects', lazy: lost.lazy },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
    render(<RouterProvider router={router} />);
    void router.navigate('/projects');
    await lost.fail(new Error('Failed to fetch dynamically imported module'));
    expect(screen.getByText('Une erreur est survenue.')).toBeInTheDocument();

    void router.navigate('/home');
    void router.navigate('/projects');
    await lost.arrive();
    expect(screen.getByRole('heading', { name: 'Projets' })).toBeInTheDocument();
    expect(lost.lazy).toHaveBeenCalledTimes(2);
  });

  it('shows the error element when a screen throws while rendering, and recovers on navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    const router = createMemoryRouter(
      [
        {
          errorElement: <p>Une erreur est survenue.</p>,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'fine', element: <Heading text="Ça va" /> },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Une erreur est survenue.')).toBeInTheDocument();
    await act(() => router.navigate('/fine'));
    expect(screen.getByRole('heading', { name: 'Ça va' })).toBeInTheDocument();
  });

  it('follows a redirect without keeping the address that asked for it in the history', async () => {
    const router = createMemoryRouter(
      [
        {
          redirect: (url) => (url.searchParams.has('logout') ? '/login' : null),
          children: [
            { path: 'login', element: <Heading text="Connexion" /> },
            { path: 'tasks', element: <Heading text="Tâches" /> },
          ],
        },
      ],
      { initialEntries: ['/tasks'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/tasks?logout'));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/tasks');
  });

  it('renders layouts around their child with the context their outlet hands down, and reads parameters', () => {
    function Layout() {
      return (
        <main>
          <Outlet context={{ restricted: true }} />
        </main>
      );
    }
    function Project() {
      const { id } = useParams();
      const { restricted } = useOutletContext<{ restricted: boolean }>();
      return <Heading text={`Projet ${id} ${restricted ? 'limité' : 'ouvert'}`} />;
    }
    const router = createMemoryRouter(
      [{ element: <Layout />, children: [{ path: 'projects/:id', element: <Project /> }] }],
      {
        initialEntries: ['/projects/p-7'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Projet p-7 limité' })).toBeInTheDocument();
  });

  it('follows a link in the page, leaves a modified click to the browser, and replaces a link to the current address', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Link to="/sync">File d’attente</Link>
              <Address />
            </>
          ),
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'File d’attente' });
    expect(link).toHaveAttribute('href', '/sync');

    // What the browser does with a ctrl-click (a new tab) is out of jsdom's reach: stop it after the app.
    const leftToBrowser = vi.fn((event: Event) => {
      expect(event.defaultPrevented).toBe(false);
      event.preventDefault();
    });
    window.addEventListener('click', leftToBrowser, { once: true });
    fireEvent.click(link, { ctrlKey: true });
    expect(leftToBrowser).toHaveBeenCalledOnce();
    expect(screen.getByText('Adresse /dashboard')).toBeInTheDocument();

    await userEvent.click(link);
    expect(screen.getByText('Adresse /sync')).toBeInTheDocument();
    await userEvent.click(link);
    await act(() => router.navigate(-1));
    expect(screen.getByText('Adresse /dashboard')).toBeInTheDocument();
  });

  it('changes the query on the same path, two changes in a row both counting', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      const add = (name: string) =>
        setParams((current) => {
          current.set(name, '1');
          return current;
        });
      return (
        <>
          <button type="button" onClick={() => (add('status'), add('mine'))}>
            Filtrer
          </button>
          <button type="button" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Effacer
          </button>
          <p>Filtres {params.toString()}</p>
          <Address />
        </>
      );
    }
    const router = createMemoryRouter([{ path: 'tasks', element: <Filters /> }], {
      initialEntries: ['/tasks?view=list'],
    });
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect(screen.getByText('Adresse /tasks?view=list&status=1&mine=1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(screen.getByText('Adresse /tasks')).toBeInTheDocument();
  });

  it("sends a guard's visitor elsewhere with <Navigate>, in place of the address asked for", async () => {
    const router = createMemoryRouter(
      [
        { path: 'admin', element: <Navigate to="/dashboard" replace /> },
        { path: 'dashboard', element: <Heading text="Dashboard" /> },
      ],
      { initialEntries: ['/start', '/admin'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/start');
  });

  it("numbers the browser's entries, so a screen knows whether 'Retour' can go back, and names the first 'default'", async () => {
    window.history.replaceState(null, '', '/projects');
    const router = createBrowserRouter([{ path: '*', element: <Address /> }]);
    render(<RouterProvider router={router} />);
    expect(router.state.location.key).toBe('default');
    expect(window.history.state).toMatchObject({ idx: 0 });
    await act(() => router.navigate('/projects/p-1', { state: { from: 'list' } }));
    expect(window.location.pathname).toBe('/projects/p-1');
    expect(window.history.state).toMatchObject({ idx: 1, usr: { from: 'list' } });
    expect(router.state.location.state).toEqual({ from: 'list' });
    router.dispose();
  });

  it('keeps the path after # in hash mode, in the address and in the links', async () => {
    window.history.replaceState(null, '', '/#/tasks?view=kanban');
    const router = createHashRouter([{ path: '*', element: <Link to="/sync">File</Link> }]);
    render(<RouterProvider router={router} />);
    expect(router.state.location).toMatchObject({ pathname: '/tasks', search: '?view=kanban' });
    expect(screen.getByRole('link', { name: 'File' })).toHaveAttribute('href', '#/sync');
    await userEvent.click(screen.getByRole('link', { name: 'File' }));
    expect(window.location.hash).toBe('#/sync');
    router.dispose();
  });
});
