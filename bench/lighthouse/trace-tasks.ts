import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createMember, MEMBER } from '../auth/member.ts';
import { renderTable } from '../lib/report.ts';
import { startJalonServer } from '../lib/servers.ts';
import { launchChromium, signedInMobilePage } from './browser.ts';
import { median, SCREENS } from './scenarios.ts';
import { seedWork } from './seed.ts';
import { cpuMs, SLOWDOWN, traceLoad, type TraceEvent, type TracedLoad } from './trace-load.ts';

/**
 * What runs in a signed-in screen's load, by the main thread's CPU time (issue 33): one build, cold loads
 * traced as compare-cpu.ts does, and each task's thread time shared among what ran in it (a chunk's
 * module evaluation, a call into a chunk by its function, a timer, a frame's style, layout and paint, the
 * garbage collector), each part counted by its own time, without what it called that is counted apart.
 *
 *   npm run trace-tasks -w @jalon/bench -- <dist> [--screens dashboard,me] [--runs 3]
 *
 * Prints, per screen, the tasks over 50 ms (at 4x) of the run whose CPU before the largest paint is the
 * median, with their three largest parts, then the median CPU of each part before the largest paint and
 * over the whole load (the load event and 5 s after it).
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    screens: { type: 'string', default: 'dashboard,tasks-kanban,me' },
    runs: { type: 'string', default: '3' },
  },
});
const dist = positionals[0] ?? '';
if (!dist) throw new Error('usage: trace-tasks <dist> [--screens a,b] [--runs N]');
const runs = Number(values.runs);
const screens = values.screens.split(',').map((name) => {
  const screen = SCREENS.find((candidate) => candidate.name === name);
  if (!screen || screen.role !== 'member') throw new Error(`--screens: ${name} is not a member screen`);
  return screen;
});

/** A built file's name without its hash and extension: 'boot-Ab12Cd.js' is 'boot'. */
const chunk = (url: string | undefined) =>
  url ? (url.split('/').at(-1) ?? url).replace(/[-.][\w-]{8}\.js.*$/, '').replace(/\.js$/, '') : '?';

// The build's source maps name the function a call entered: its source file and, where the map has it, its name.
const maps = new Map<string, SourceMap | null>();
function sourceOf(url: string | undefined, line = 0, column = 0): string | undefined {
  const file = url?.split('/').at(-1);
  if (!file) return undefined;
  if (!maps.has(file)) {
    const path = join(dist, 'assets', `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  // The trace's line is 1-based, the map's 0-based; both columns are 0-based.
  const found = maps.get(file)?.findEntry(line - 1, column);
  if (!found || !('originalSource' in found) || !found.originalSource) return undefined;
  const source = found.originalSource.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  // Node's typings lack the entry's `name` (the original identifier), which Node gives where the map has it.
  const { name } = found as { name?: string };
  return `${source}:${found.originalLine + 1}${name ? ` ${name}` : ''}`;
}

/** What an event stands for; `undefined` for the wrappers whose time goes to what they ran. */
function label(event: TraceEvent): string | undefined {
  const data = event.args?.data;
  switch (event.name) {
    case 'RunTask':
      // Chromium's own work: the navigation, the network's messages, the HTML parser's bookkeeping.
      return 'browser (navigation, network, IPC)';
    case 'v8.evaluateModule':
      // The trace does not say which module: on a first load, the entry and the chunks it waits for.
      return 'evaluate modules';
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.produceModuleCache':
      return `evaluate ${chunk(data?.url)}`;
    case 'FunctionCall':
      return `call ${sourceOf(data?.url, data?.lineNumber, data?.columnNumber) ?? `${chunk(data?.url)} ${data?.functionName || '(anonymous)'}`}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'Commit':
    case 'UpdateLayer':
    case 'CompositeLayers':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
    case 'V8.GC_MARK_COMPACTOR':
    case 'BlinkGC.AtomicPhase':
      return 'garbage collection';
    default:
      return undefined;
  }
}

/** Each labelled event's own time (its thread time less its labelled children's), summed by label. */
function parts(load: TracedLoad, task: TraceEvent): Map<string, number> {
  const end = task.ts + (task.dur ?? 0);
  const inside = load.events
    .filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && label(event))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  const add = (name: string, ms: number) => totals.set(name, (totals.get(name) ?? 0) + ms);
  // Walk in start order with a stack of the open events: each one's time is taken from its parent's.
  const stack: { event: TraceEvent; own: number }[] = [];
  const close = () => {
    const done = stack.pop();
    if (done) add(label(done.event) ?? '', done.own);
  };
  for (const event of inside) {
    while (stack.length > 0) {
      const top = stack.at(-1)!.event;
      if (event.ts < top.ts + (top.dur ?? 0)) break;
      close();
    }
    const parent = stack.at(-1);
    if (parent) parent.own -= cpuMs(event);
    stack.push({ event, own: cpuMs(event) });
  }
  while (stack.length > 0) close();
  return totals;
}

/**
 * The path of the last script or API answer before `ts`: what a task after it is likely to run or show
 * (the manifest's icons and the fonts come in meanwhile and say nothing).
 */
const lastAnswer = (load: TracedLoad, ts: number) => {
  const url = load.answers
    .filter((answer) => answer.ts <= ts && /^\/api\/|^\/assets\/.*\.js$/.test(new URL(answer.url).pathname))
    .at(-1)?.url;
  return url ? new URL(url).pathname.replace(/-[\w-]{8}\./, '.') : '';
};

const top = (totals: Map<string, number>, count: number) =>
  [...totals]
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);

const browser = await launchChromium();
const server = await startJalonServer('pglite', undefined, { env: { WEB_DIST: dist } });
try {
  const projectId = await seedWork(server.baseUrl, await createMember(server.baseUrl, 1));
  const page = await signedInMobilePage(browser, server.baseUrl, MEMBER);
  for (const screen of screens) {
    const loads: { load: TracedLoad; beforeLcp: Map<string, number>; whole: Map<string, number> }[] = [];
    for (let run = 0; run < runs; run++) {
      const load = await traceLoad(page, `${server.baseUrl}${screen.path(projectId)}`);
      const beforeLcp = new Map<string, number>();
      const whole = new Map<string, number>();
      for (const task of load.tasks)
        for (const [name, ms] of parts(load, task)) {
          whole.set(name, (whole.get(name) ?? 0) + ms);
          if (task.ts < load.lcp) beforeLcp.set(name, (beforeLcp.get(name) ?? 0) + ms);
        }
      loads.push({ load, beforeLcp, whole });
    }
    const cpuBeforeLcp = (load: TracedLoad) =>
      load.tasks.filter((task) => task.ts < load.lcp).reduce((sum, task) => sum + cpuMs(task), 0);
    loads.sort((a, b) => cpuBeforeLcp(a.load) - cpuBeforeLcp(b.load));
    const middle = loads[Math.floor(loads.length / 2)]!.load;
    const at = (ts: number) => ((ts - middle.start) / 1000).toFixed(0);
    console.log(
      `\n${screen.name}: median run, CPU before LCP ${cpuBeforeLcp(middle).toFixed(0)} ms (x${SLOWDOWN}), ` +
        `FCP ${at(middle.fcp)} ms, LCP ${at(middle.lcp)} ms (wall, no network simulated); tasks over 50 ms:`,
    );
    console.log(
      renderTable(
        ['at ms', 'CPU ms', 'before LCP', 'last answer before', 'largest parts (CPU ms)'],
        middle.tasks
          .filter((task) => cpuMs(task) > 50)
          .map((task) => [
            at(task.ts),
            cpuMs(task).toFixed(0),
            task.ts < middle.lcp ? 'yes' : 'no',
            lastAnswer(middle, task.ts),
            top(parts(middle, task), 3)
              .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
              .join('; '),
          ]),
        new Set([0, 1]),
      ).join('\n'),
    );
    const names = top(
      loads.reduce((all, { whole }) => {
        for (const [name, ms] of whole) all.set(name, (all.get(name) ?? 0) + ms);
        return all;
      }, new Map<string, number>()),
      15,
    ).map(([name]) => name);
    console.log(`\n${screen.name}: CPU by part, median of ${runs} loads (x${SLOWDOWN}):`);
    console.log(
      renderTable(
        ['part', 'before LCP ms', 'whole load ms'],
        names.map((name) => [
          name,
          median(loads.map(({ beforeLcp }) => beforeLcp.get(name) ?? 0)).toFixed(0),
          median(loads.map(({ whole }) => whole.get(name) ?? 0)).toFixed(0),
        ]),
        new Set([1, 2]),
      ).join('\n'),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
