/**
 * How the build groups modules into files (Rolldown's `output.codeSplitting`, decision 0040).
 *
 * Left to itself, Rolldown makes one file of every set of modules that the same lazy routes share:
 * 60-odd files, most under 1 kB, and a signed-in screen asked for about 30 of them after the entry.
 * Over HTTP/1.1 (6 connections per host) and a slow mobile link, each costs a round trip: Lighthouse's
 * mobile profile counted them as a third of the first content's delay. The groups below give a signed-in
 * screen one entry, then the shell, the shared pieces, its own file and the schemas, all asked at once.
 */

const path = (...parts: string[]) => new RegExp(parts.join('[\\\\/]'));

const SHELL_MODULES = [
  path('src', 'app', 'layout', 'app-layout\\.tsx$'),
  path('apps', 'web', 'src', '(lib|components)', ''),
  path('packages', 'contract', 'src', '(plain|constants|http|defaults|ids|enum-values)\\.ts$'),
];
// The virtualised list brings TanStack Virtual (7 kB gzipped): it stays with the screens that scroll.
const VIRTUAL_LIST = /virtual-list\.tsx$/;

const isShellModule = (id: string) =>
  !VIRTUAL_LIST.test(id) && SHELL_MODULES.some((pattern) => pattern.test(id));

export const codeSplitting = {
  groups: [
    // Everything the entry imports statically (React, the router, TanStack Query, the
    // session, the French texts): one file, where it was eight.
    { name: 'boot', tags: ['$initial' as const], priority: 30 },
    // The sign-in route and what it shares with the signed-in screens (the form pieces, the API client's
    // helpers); it stays small, as the login route's budget asks (issue 5).
    { name: 'login', test: path('src', 'app', 'routes', 'login-route\\.tsx$'), priority: 20 },
    // The signed-in layout with the shared libraries and components every screen uses.
    { name: 'shell', test: isShellModule, priority: 10 },
    // The small feature modules two or more screens share (a badge, a write helper), without their
    // dependencies: taking those too would bring the task views into every screen.
    {
      name: 'shared',
      test: path('apps', 'web', 'src', '(features|offline)', ''),
      minShareCount: 3,
      maxModuleSize: 3000,
      includeDependenciesRecursively: false,
      priority: 5,
    },
  ],
};
