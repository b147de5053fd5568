import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { trackTempDir, untrackTempDir } from '../lib/children.ts';
import { formatTargets, logStep as log, renderTable } from '../lib/report.ts';
import { RSS_SAMPLE_MS, sampleRssDuring, steadyRss } from '../lib/rss.ts';
import { startJalonServer, type DatabaseKind } from '../lib/servers.ts';

/**
 * Issue 37: "uploads stream to storage (server memory stays flat)". 20 members' worth of uploads at once:
 * 20 concurrent POST /api/tasks/{id}/attachments of 20 MB each (different contents, so nothing is
 * deduplicated), generated as they are sent (the bench holds no copy), while the server's RSS is sampled
 * every 50 ms. The ceiling: 20 concurrent plain copies of a 20 MB file on the same disk (the temporary
 * folder the server's DATA_DIR is in), by Node streams.
 */
const UPLOADS = 20;
const FILE_BYTES = 20 * 1024 * 1024;
const CHUNK = 64 * 1024;
const RSS_GROWTH_TARGET_MIB = 50;

export interface FilesReport {
  kind: DatabaseKind;
  uploads: number;
  fileMiB: number;
  statuses: Record<string, number>;
  uploadSeconds: number;
  uploadMiBps: number;
  copySeconds: number;
  copyMiBps: number;
  rssBeforeKiB: number;
  rssPeakKiB: number;
  targets: Target[];
}

/** One upload: the multipart head, FILE_BYTES made chunk by chunk (distinct per upload), the tail. */
function upload(baseUrl: string, taskId: string, headers: Record<string, string>, index: number) {
  const boundary = `----jalonbench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lot-${index}.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(CHUNK);
  chunk.writeUInt32BE(index, 0);
  let sent = 0;
  const body = Readable.from(
    (function* () {
      yield head;
      while (sent < FILE_BYTES) {
        const part = chunk.subarray(0, Math.min(CHUNK, FILE_BYTES - sent));
        sent += part.length;
        yield part;
      }
      yield tail;
    })(),
  );
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/tasks/${taskId}/attachments`,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + FILE_BYTES + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    body.pipe(request);
  });
}

/** The ceiling: UPLOADS concurrent stream copies of one FILE_BYTES file, in a folder on the same disk. */
async function plainCopy(): Promise<number> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'jalon-bench-copy-'));
  trackTempDir(folder);
  try {
    const source = path.join(folder, 'source.bin');
    const block = randomBytes(CHUNK);
    await pipeline(
      Readable.from(Array.from({ length: FILE_BYTES / CHUNK }, () => block)),
      fs.createWriteStream(source),
    );
    const started = performance.now();
    await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) =>
        pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(folder, `copy-${i}.bin`))),
      ),
    );
    return (performance.now() - started) / 1000;
  } finally {
    await rm(folder, { recursive: true, force: true });
    untrackTempDir(folder);
  }
}

export async function measureFiles(kind: DatabaseKind, databaseUrl?: string): Promise<FilesReport> {
  const server = await startJalonServer(kind, databaseUrl, {
    env: { ATTACHMENT_MAX_MB: '25', FILES_MAX_GB: '10' },
  });
  let report: Omit<FilesReport, 'copySeconds' | 'copyMiBps' | 'targets'>;
  try {
    const member = await createMember(server.baseUrl, 1);
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { ...member.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`${url} answered ${response.status}`);
      return ((await response.json()) as { data: { id: string } }).data;
    };
    const project = await post('/api/projects', {
      name: 'Bench des fichiers',
      description: '',
      deadline: '2030-01-31T00:00:00.000Z',
    });
    const task = await post('/api/tasks', { title: 'Fichiers', project: project.id });
    const rssBeforeKiB = await steadyRss(server.pid);
    let rssPeakKiB = rssBeforeKiB;
    log(`[${kind}] ${UPLOADS} concurrent uploads of ${FILE_BYTES / 2 ** 20} MiB`);
    const started = performance.now();
    const statusList = await sampleRssDuring(
      server.pid,
      (rss) => (rssPeakKiB = Math.max(rssPeakKiB, rss)),
      () =>
        Promise.all(
          Array.from({ length: UPLOADS }, (_, i) => upload(server.baseUrl, task.id, member.headers, i)),
        ),
    );
    const uploadSeconds = (performance.now() - started) / 1000;
    const statuses: Record<string, number> = {};
    for (const status of statusList) statuses[status] = (statuses[status] ?? 0) + 1;
    report = {
      kind,
      uploads: UPLOADS,
      fileMiB: FILE_BYTES / 2 ** 20,
      statuses,
      uploadSeconds,
      uploadMiBps: (UPLOADS * FILE_BYTES) / 2 ** 20 / uploadSeconds,
      rssBeforeKiB,
      rssPeakKiB,
    };
  } finally {
    await server.stop();
  }
  log(`[${kind}] ceiling: ${UPLOADS} concurrent plain copies of ${FILE_BYTES / 2 ** 20} MiB`);
  const copySeconds = await plainCopy();
  const copyMiBps = (UPLOADS * FILE_BYTES) / 2 ** 20 / copySeconds;
  const growthMiB = (report.rssPeakKiB - report.rssBeforeKiB) / 1024;
  return {
    ...report,
    copySeconds,
    copyMiBps,
    targets: [
      {
        label: `${UPLOADS} concurrent uploads of ${FILE_BYTES / 2 ** 20} MiB: every one 201`,
        measured: JSON.stringify(report.statuses),
        pass: report.statuses['201'] === UPLOADS,
      },
      {
        label: `server RSS growth < ${RSS_GROWTH_TARGET_MIB} MiB`,
        measured: `+${growthMiB.toFixed(1)} MiB`,
        pass: growthMiB < RSS_GROWTH_TARGET_MIB,
      },
    ],
  };
}

export function formatFilesTable(reports: FilesReport[]): string {
  const header = [
    'database',
    'uploads',
    'MiB each',
    'upload s',
    'upload MiB/s',
    'plain copy s',
    'copy MiB/s',
    'upload / copy',
    'RSS before',
    'RSS peak',
    'growth',
  ];
  const lines = reports.map((report) => [
    report.kind,
    String(report.uploads),
    String(report.fileMiB),
    report.uploadSeconds.toFixed(2),
    report.uploadMiBps.toFixed(1),
    report.copySeconds.toFixed(2),
    report.copyMiBps.toFixed(1),
    `${((report.uploadMiBps / report.copyMiBps) * 100).toFixed(0)}%`,
    `${(report.rssBeforeKiB / 1024).toFixed(1)} MiB`,
    `${(report.rssPeakKiB / 1024).toFixed(1)} MiB`,
    `+${((report.rssPeakKiB - report.rssBeforeKiB) / 1024).toFixed(1)} MiB`,
  ]);
  const out = renderTable(header, lines, new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
  out.push('');
  out.push(
    `Uploads: multipart over loopback HTTP, hashed and written to FILES_DIR (DATA_DIR/files) by the server. ` +
      `Ceiling: the same bytes copied file to file by Node streams in the same temporary folder. RSS sampled every ${RSS_SAMPLE_MS} ms.`,
  );
  for (const report of reports) out.push(...formatTargets(report.kind, report.targets));
  return out.join('\n');
}
