import { describe, expect, it, vi } from 'vitest';

// Which modules of the screens were asked for: each mock records its module the first time it is loaded.
const { asked, stub } = vi.hoisted(() => {
  const names = new Set<string>();
  return {
    asked: names,
    stub: (name: string, exported: string) => () => {
      names.add(name);
      return { [exported]: () => null };
    },
  };
});
vi.mock('./layout/app-layout.tsx', stub('layout', 'AppLayout'));
vi.mock('./routes/new-project-route.tsx', () => {
  asked.add('new-project');
  return { NewProjectRoute: () => null, NewBoardRoute: () => null };
});
vi.mock('../features/projects/components/project-detail-page.tsx', stub('project', 'ProjectDetailPage'));
vi.mock('../features/projects/components/projects-page.tsx', stub('projects', 'ProjectsPage'));
vi.mock('./routes/login-route.tsx', () => {
  asked.add('login');
  return { LoginRoute: () => null, SsoLandingRoute: () => null };
});

const { preloadScreen } = await import('./routes.tsx');

describe('preloadScreen', () => {
  it("asks a signed-in screen's code and the layout's, the static path before the parameter", async () => {
    preloadScreen('/login');
    preloadScreen('/nowhere');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...asked]).toEqual([]);

    preloadScreen('/Projects/New/');
    await vi.waitFor(() => expect(asked).toEqual(new Set(['layout', 'new-project'])));

    preloadScreen('/projects/4f1c2a');
    await vi.waitFor(() => expect(asked).toEqual(new Set(['layout', 'new-project', 'project'])));
    expect(asked.has('projects')).toBe(false);
  });
});
