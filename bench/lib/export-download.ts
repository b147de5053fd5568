import type { Target } from '../auth/scenarios.ts';
import { rssKiB } from './children.ts';
import { mib, RSS_SAMPLE_MS, sampleRssDuring, steadyRss } from './rss.ts';

// An export downloaded by the exports' benches (the audit journal's, the data's): streamed, the bench
// holding no copy, while the server process's resident memory (VmRSS) is sampled; and how they print it.

const EXPORT_TIMEOUT_MS = 180_000;

/** What a download is read as: CSV lines, PDF pages, or (a JSON document) neither. */
export type ExportFormat = 'csv' | 'pdf' | 'json';

export interface ExportRow {
  format: ExportFormat;
  status: number;
  bytes: number;
  /** CSV: data lines (header excluded); PDF: pages. */
  rows: number | null;
  pages: number | null;
  seconds: number;
  firstByteSeconds: number;
  rssBeforeKiB: number;
  rssPeakKiB: number;
  rssAfterKiB: number;
  /** Peak RSS up to each quarter of the download (by bytes received), to tell a plateau from a climb. */
  rssPeakByQuarterKiB: number[];
  samples: number;
  /** Some of the samples (at most 200), as [bytes received, RSS KiB]. */
  series: [number, number][];
}

const PAGE_MARKER = Buffer.from('/Type /Page');

/** Downloads one export, streaming (the bench holds no copy), while sampling the server's RSS. */
export async function download(
  url: string,
  headers: Record<string, string>,
  format: ExportFormat,
  serverPid: number,
): Promise<ExportRow> {
  const rssBeforeKiB = await steadyRss(serverPid);
  // (bytes received so far, RSS) every 50 ms: at most EXPORT_TIMEOUT_MS / RSS_SAMPLE_MS entries.
  const series: { bytes: number; rss: number }[] = [];
  const started = performance.now();
  let firstByteSeconds = 0;
  let bytes = 0;
  let newlines = 0;
  let pages = 0;
  let tail = Buffer.alloc(0);
  let status = 0;
  await sampleRssDuring(
    serverPid,
    (rss) => series.push({ bytes, rss }),
    async () => {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
      status = response.status;
      if (!response.body) throw new Error(`${url}: no body`);
      // Node's web stream is async-iterable; the DOM typings the bench also loads do not say so.
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (bytes === 0) firstByteSeconds = (performance.now() - started) / 1000;
        bytes += chunk.byteLength;
        if (format === 'csv') {
          for (let i = 0; i < chunk.byteLength; i++) if (chunk[i] === 0x0a) newlines++;
        } else if (format === 'pdf') {
          // Page objects: "/Type /Page" not followed by "s" ("/Type /Pages" is the page tree).
          const window = Buffer.concat([tail, chunk]);
          let at = window.indexOf(PAGE_MARKER);
          while (at !== -1 && at + PAGE_MARKER.length < window.length) {
            if (window[at + PAGE_MARKER.length] !== 0x73) pages++;
            at = window.indexOf(PAGE_MARKER, at + 1);
          }
          const keep = at === -1 ? PAGE_MARKER.length : window.length - at;
          tail = window.subarray(Math.max(0, window.length - keep));
        }
      }
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const rssAfterKiB = rssKiB(serverPid) ?? 0;
  const peak = (upTo: number) =>
    series.reduce((max, sample) => (sample.bytes <= upTo ? Math.max(max, sample.rss) : max), rssBeforeKiB);
  return {
    format,
    status,
    bytes,
    rows: format === 'csv' ? newlines - 1 : null,
    pages: format === 'pdf' ? pages : null,
    seconds,
    firstByteSeconds,
    rssBeforeKiB,
    rssPeakKiB: peak(bytes),
    rssAfterKiB,
    // The size is not announced (chunked): the quarters are judged afterwards, by bytes received.
    rssPeakByQuarterKiB: [1, 2, 3, 4].map((quarter) => peak((bytes * quarter) / 4)),
    samples: series.length,
    series: series
      .filter((_, i) => i % Math.ceil(series.length / 200) === 0)
      .map((sample) => [sample.bytes, sample.rss]),
  };
}

/** How the exports' benches print a download: these columns after their own, and the note under the table. */
export const DOWNLOAD_TABLE = {
  columns: [
    'size',
    'seconds',
    'first byte s',
    'RSS before',
    'RSS peak',
    'peak growth',
    'growth by quarter of the bytes',
  ],
  cells: (row: ExportRow): string[] => [
    mib(row.bytes),
    row.seconds.toFixed(1),
    row.firstByteSeconds.toFixed(2),
    mib(row.rssBeforeKiB * 1024),
    mib(row.rssPeakKiB * 1024),
    `+${mib((row.rssPeakKiB - row.rssBeforeKiB) * 1024)}`,
    row.rssPeakByQuarterKiB.map((kib) => ((kib - row.rssBeforeKiB) / 1024).toFixed(1)).join(' / '),
  ],
  note: `RSS: the server process (with PGlite, its worker and PGlite's memory included; PostgreSQL's backends are not), sampled every ${RSS_SAMPLE_MS} ms.`,
};

/**
 * Bounded memory: the server's peak RSS growth during the download stays under `share` of the data's
 * size (`dataBytes`, what an export holding it whole would need at least), named `data` in the label.
 */
export function growthTarget(
  what: string,
  row: ExportRow,
  data: string,
  dataBytes: number,
  share: number,
): Target {
  const growth = (row.rssPeakKiB - row.rssBeforeKiB) * 1024;
  return {
    label: `${what}: peak RSS growth < ${share * 100}% of ${data} (${mib(dataBytes)})`,
    measured: `+${mib(growth)} (${dataBytes > 0 ? ((growth / dataBytes) * 100).toFixed(0) : '?'}%)`,
    pass: dataBytes > 0 && growth < dataBytes * share,
  };
}
