import type { Page } from 'puppeteer-core';
import { coldButSignedIn } from './browser.ts';

/**
 * One cold load of a signed-in screen (cache and service worker cleared, session kept) traced by Chromium,
 * for the CPU-accounted tools (compare-cpu.ts, trace-tasks.ts). Each top-level task of the page's main
 * thread counts its thread time (the trace's `tdur`) times Lighthouse's 4x, so that time spent waiting for
 * a core on a loaded host is not counted as the page's work (issue 33).
 */
export const SLOWDOWN = 4;

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    frame?: string;
    data?: {
      isMainFrame?: boolean;
      isLoadingMainFrame?: boolean;
      size?: number;
      url?: string;
      functionName?: string;
      type?: string;
      requestId?: string;
      documentLoaderURL?: string;
      lineNumber?: number;
      columnNumber?: number;
    };
  };
}

export interface TracedLoad {
  /** The main thread's top-level tasks from the navigation on. */
  tasks: TraceEvent[];
  /** Every complete event of the main thread from the navigation on, nested ones included. */
  events: TraceEvent[];
  /** The page's requests by the time their answer had come in full. */
  answers: { url: string; ts: number }[];
  start: number;
  fcp: number;
  lcp: number;
}

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
];

/** Thread time (µs) times the slowdown, in ms; an event without thread time counts its wall time. */
export const cpuMs = (event: TraceEvent) => ((event.tdur ?? event.dur ?? 0) * SLOWDOWN) / 1000;

export async function traceLoad(page: Page, url: string): Promise<TracedLoad> {
  await coldButSignedIn(page, new URL(url).origin);
  // From a blank page, as Lighthouse loads: the previous screen's teardown (its unload handlers, its
  // stream's closing) would otherwise be counted in this load's first task.
  await page.goto('about:blank');
  await page.tracing.start({ categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // The page never goes quiet on the network (the event stream stays open): what follows the load (the
  // screen's data, the offline engine's catch-up, the charts) gets 5 s.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const buffer = await page.tracing.stop();
  if (!buffer) throw new Error(`no trace for ${url}`);
  const { traceEvents } = JSON.parse(Buffer.from(buffer).toString('utf8')) as { traceEvents: TraceEvent[] };
  // The screen's own navigation (a trace may also hold the blank page's), then its paints.
  const starts = traceEvents.filter(
    (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame,
  );
  const start = starts.find((event) => event.args?.data?.documentLoaderURL === url) ?? starts.at(-1);
  if (!start) throw new Error(`no navigation start in the trace of ${url}`);
  const fcp = traceEvents.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === start.pid && event.ts >= start.ts,
  );
  if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
  const lcp = traceEvents
    .filter(
      (event) =>
        event.name === 'largestContentfulPaint::Candidate' && event.pid === start.pid && event.ts >= start.ts,
    )
    .at(-1);
  if (!lcp) throw new Error(`no largest contentful paint in the trace of ${url}`);
  const events = traceEvents.filter(
    (event) => event.ph === 'X' && event.pid === fcp.pid && event.tid === fcp.tid && event.ts >= start.ts,
  );
  const urls = new Map<string, string>();
  for (const event of traceEvents)
    if (event.name === 'ResourceSendRequest' && event.args?.data?.requestId && event.args.data.url)
      urls.set(event.args.data.requestId, event.args.data.url);
  const answers = traceEvents.flatMap((event) => {
    const url = urls.get(event.args?.data?.requestId ?? '');
    return event.name === 'ResourceFinish' && event.ts >= start.ts && url ? [{ url, ts: event.ts }] : [];
  });
  return {
    answers,
    tasks: events.filter((event) => event.name === 'RunTask'),
    events,
    start: start.ts,
    fcp: fcp.ts,
    lcp: lcp.ts,
  };
}
