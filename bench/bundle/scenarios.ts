import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMember, MEMBER } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { startChild, stopChild } from '../lib/children.ts';
import { formatTargets, logStep as log, renderTable } from '../lib/report.ts';
import { startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { analyzeRoutes, GZIP_LEVEL, total, type RouteBundle } from './analyze.ts';
import { measureInBrowser, type BrowserPage } from './browser.ts';

/**
 * Issue 5's production JS sizes: the web app built (`npm run build -w @jalon/web`), the JS of /login and
 * /dashboard computed from apps/web/dist, then checked in Chromium against the server serving that build.
 */
export interface BundleReport {
  kind: DatabaseKind;
  build: { ran: boolean; seconds: number };
  routes: RouteBundle[];
  /** null when the browser check could not run (reason in `browserError`). */
  browser: BrowserPage[] | null;
  browserError?: string;
  targets: Target[];
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const BUILD_TIMEOUT_MS = 240_000;
/** KB = 1,000 bytes. */
const LOGIN_TARGET_BYTES = 150_000;

/** `npm run build -w @jalon/web`; answers how long it took, in seconds. */
export async function buildWeb(): Promise<number> {
  const started = Date.now();
  const child = startChild('npm', ['run', 'build', '-w', '@jalon/web'], { cwd: ROOT });
  const code = await Promise.race([child.exited, sleep(BUILD_TIMEOUT_MS).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    await stopChild(child);
    throw new Error(`the web build did not finish within ${BUILD_TIMEOUT_MS / 1000} s:\n${child.output()}`);
  }
  if (code !== 0) throw new Error(`the web build failed (${code}):\n${child.output()}`);
  return (Date.now() - started) / 1000;
}

export async function measureBundle(
  kind: DatabaseKind,
  options: { build: boolean; browser: boolean },
  databaseUrl?: string,
): Promise<BundleReport> {
  let buildSeconds = 0;
  if (options.build) {
    log('building the web app: npm run build -w @jalon/web');
    buildSeconds = await buildWeb();
    log(`built in ${buildSeconds.toFixed(1)} s`);
  } else log(`measuring the existing build in ${WEB_DIST} (--build false)`);

  const routes = analyzeRoutes(WEB_DIST);

  let browser: BrowserPage[] | null = null;
  let browserError: string | undefined;
  if (options.browser) {
    log(`[${kind}] starting the Jalon server (serves apps/web/dist) for the browser check`);
    const server = await startJalonServer(kind, databaseUrl);
    try {
      await createMember(server.baseUrl, 1);
      log(`[${kind}] Chromium: /login, sign-in, /dashboard`);
      browser = await measureInBrowser(server.baseUrl, MEMBER);
    } catch (error) {
      // The file analysis stands on its own; a browser that cannot start is reported, not fatal.
      browserError = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log(`browser check failed: ${browserError}`);
    } finally {
      await server.stop();
    }
  }

  const login = routes.find((route) => route.route === '/login');
  const targets: Target[] = [];
  if (login) {
    const first = total(login.firstRender);
    const all = total([...login.firstRender, ...login.afterRender]);
    const loginPage = browser?.find((page) => page.name.startsWith('/login'));
    const seen = loginPage ? total(loginPage.scripts) : null;
    targets.push({
      label: `login route < ${LOGIN_TARGET_BYTES / 1000} KB gzipped JS (KB = 1,000 bytes; everything /login loads)`,
      measured:
        `${kb(all.gzip)} KB (first render ${kb(first.gzip)} KB + after render ${kb(all.gzip - first.gzip)} KB)` +
        (seen ? `; in Chromium ${kb(seen.gzip)} KB over ${loginPage!.scripts.length} scripts` : ''),
      pass: Math.max(all.gzip, seen?.gzip ?? 0) < LOGIN_TARGET_BYTES,
    });
  }
  return {
    kind,
    build: { ran: options.build, seconds: buildSeconds },
    routes,
    browser,
    browserError,
    targets,
  };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The readable tables printed at the end of the bundle suite. */
export function formatBundleTable(reports: BundleReport[]): string {
  const out: string[] = [];
  for (const report of reports) {
    out.push(
      `From the files of apps/web/dist (${report.build.ran ? `built by this run in ${report.build.seconds.toFixed(0)} s` : 'existing build'}); ` +
        `KB = 1,000 bytes; gzip = zlib level ${GZIP_LEVEL}, each file compressed on its own:`,
      '',
    );
    const lines: string[][] = [];
    for (const route of report.routes) {
      const first = total(route.firstRender);
      const after = total(route.afterRender);
      lines.push([
        route.route,
        'first render (entry + static imports + route chunks)',
        String(route.firstRender.length),
        kb(first.raw),
        kb(first.gzip),
      ]);
      lines.push([
        route.route,
        `after render (${route.afterRender.map((f) => f.file).join(', ') || 'none'})`,
        String(route.afterRender.length),
        kb(after.raw),
        kb(after.gzip),
      ]);
      lines.push([
        route.route,
        'total',
        String(route.firstRender.length + route.afterRender.length),
        kb(first.raw + after.raw),
        kb(first.gzip + after.gzip),
      ]);
    }
    out.push(...renderTable(['route', 'JS', 'files', 'raw KB', 'gzip KB'], lines, new Set([2, 3, 4])));

    out.push('', 'Files (first render of each route; * = after render):', '');
    const files = new Map<string, { raw: number; gzip: number; routes: string[] }>();
    for (const route of report.routes)
      for (const [list, mark] of [
        [route.firstRender, ''],
        [route.afterRender, '*'],
      ] as const)
        for (const file of list) {
          const entry = files.get(file.file) ?? { raw: file.raw, gzip: file.gzip, routes: [] };
          entry.routes.push(route.route + mark);
          files.set(file.file, entry);
        }
    out.push(
      ...renderTable(
        ['file', 'raw KB', 'gzip KB', 'routes'],
        [...files.entries()]
          .sort((a, b) => b[1].gzip - a[1].gzip)
          .map(([file, size]) => [file, kb(size.raw), kb(size.gzip), size.routes.join(' ')]),
        new Set([1, 2]),
      ),
    );

    out.push('');
    if (report.browser) {
      out.push('In Chromium (HTTP cache off; scripts received until the network is idle):', '');
      out.push(
        ...renderTable(
          ['page', 'scripts', 'raw KB', 'gzip KB', 'on the wire KB', 'same files as the analysis'],
          report.browser.map((page) => {
            const sum = total(page.scripts);
            const wire = page.scripts.reduce((bytes, script) => bytes + script.transferred, 0);
            return [
              page.name,
              String(page.scripts.length),
              kb(sum.raw),
              kb(sum.gzip),
              kb(wire),
              compare(page, report.routes),
            ];
          }),
          new Set([1, 2, 3, 4]),
        ),
      );
    } else out.push(`Chromium check: not run${report.browserError ? ` (${report.browserError})` : ''}.`);
    out.push('', ...formatTargets(report.kind === 'pglite' ? 'web' : `web, ${report.kind}`, report.targets));
  }
  return out.join('\n');
}

/** Whether the browser received exactly the files the analysis predicts for that page. */
function compare(page: BrowserPage, routes: RouteBundle[]): string {
  const names = (list: { file: string }[]) => new Set(list.map((file) => file.file));
  const route = (path: string) => routes.find((r) => r.route === path);
  const login = route('/login');
  const dashboard = route('/dashboard');
  let expected: Set<string> | null = null;
  if (page.name.startsWith('/login') && login) expected = names([...login.firstRender, ...login.afterRender]);
  if (page.name.startsWith('/dashboard') && dashboard)
    expected = names([...dashboard.firstRender, ...dashboard.afterRender]);
  if (page.name.startsWith('sign-in') && login && dashboard) {
    const had = names([...login.firstRender, ...login.afterRender]);
    expected = new Set(
      [...names([...dashboard.firstRender, ...dashboard.afterRender])].filter((f) => !had.has(f)),
    );
  }
  if (!expected) return '';
  const seen = names(page.scripts);
  const missing = [...expected].filter((file) => !seen.has(file));
  const extra = [...seen].filter((file) => !expected.has(file));
  if (missing.length === 0 && extra.length === 0) return 'yes';
  return [
    extra.length ? `extra ${extra.join(' ')}` : '',
    missing.length ? `not loaded ${missing.join(' ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
