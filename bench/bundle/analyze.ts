import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Which JavaScript the browser loads for a route of the built web app, read from the files alone:
 * the entry script of dist/index.html and its static imports (transitively), plus the route's lazy
 * chunks (found by name) and their static imports; chunks a route loads after its first render (the
 * login's animated background, the dashboard's charts) are counted apart. Sizes raw and gzip (zlib
 * level 9, each file on its own, as each is a separate response).
 */
export const GZIP_LEVEL = 9;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface RouteBundle {
  route: string;
  /** Lazy chunks of the route, as matched by name (the `lazy` routes in apps/web/src/app/routes.tsx). */
  lazyChunks: string[];
  /** Entry + its static imports + the route's lazy chunks + theirs: what the first render needs. */
  firstRender: FileSize[];
  /** Loaded by the route after it has rendered (React.lazy inside it), minus what firstRender has. */
  afterRender: FileSize[];
}

export interface RouteSpec {
  route: string;
  /** File name prefixes of the lazy chunks the router loads for this URL (e.g. the layout, then the page). */
  lazy: string[];
  /** File name prefixes of the chunks the page loads after rendering. */
  afterRender: string[];
}

/**
 * /dashboard is a child of the signed-in layout, which is a lazy route too. The build names the files of
 * the sign-in route and of the signed-in layout after their groups, `login` and `shell`
 * (apps/web/chunk-groups.ts). Every page loads the service worker's registration after the load event
 * (main.tsx; the worker script itself is not the page's).
 */
export const ROUTES: RouteSpec[] = [
  { route: '/login', lazy: ['login-'], afterRender: ['login-background-', 'register-'] },
  { route: '/dashboard', lazy: ['shell-', 'dashboard-route-'], afterRender: ['charts-', 'register-'] },
];

// `import{a as b}from"./x.js"`, `import*as x from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`;
// never `import("./x.js")` (dynamic: loaded when the code asks, not with the chunk).
const STATIC_IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+?\.js)["']/g;

export function staticImports(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((match) => match[1]!.slice(2));
}

export function entryScript(distDir: string): string {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const match = /<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html);
  if (!match?.[1]) throw new Error(`no module entry script in ${distDir}/index.html`);
  return match[1];
}

export function sizeOf(assetsDir: string, file: string): FileSize {
  const content = readFileSync(path.join(assetsDir, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: GZIP_LEVEL }).length };
}

/** `roots` and every file they import statically, transitively (file names in assets/). */
export function staticClosure(assetsDir: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (seen.size > 1_000) throw new Error('more than 1,000 chunks in a static closure');
    for (const imported of staticImports(readFileSync(path.join(assetsDir, file), 'utf8')))
      if (!seen.has(imported)) queue.push(imported);
  }
  return seen;
}

/** The one JS chunk of `assets/` whose name is `prefix` + an 8-character hash. */
export function chunkNamed(assetsDir: string, prefix: string): string {
  const matches = readdirSync(assetsDir).filter(
    (file) => file.startsWith(prefix) && /^[\w-]{8}\.js$/.test(file.slice(prefix.length)),
  );
  if (matches.length !== 1)
    throw new Error(
      `expected one chunk ${prefix}*.js in ${assetsDir}, found ${matches.length}: ${matches.join(', ')}`,
    );
  return matches[0]!;
}

export function analyzeRoutes(distDir: string, routes: RouteSpec[] = ROUTES): RouteBundle[] {
  const assetsDir = path.join(distDir, 'assets');
  const entry = entryScript(distDir);
  return routes.map((spec) => {
    const lazyChunks = spec.lazy.map((prefix) => chunkNamed(assetsDir, prefix));
    const first = staticClosure(assetsDir, [entry, ...lazyChunks]);
    const after = staticClosure(
      assetsDir,
      spec.afterRender.map((prefix) => chunkNamed(assetsDir, prefix)),
    );
    const sized = (files: Iterable<string>) => [...files].sort().map((file) => sizeOf(assetsDir, file));
    return {
      route: spec.route,
      lazyChunks,
      firstRender: sized(first),
      afterRender: sized([...after].filter((file) => !first.has(file))),
    };
  });
}

export const total = (files: FileSize[]) =>
  files.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 });
