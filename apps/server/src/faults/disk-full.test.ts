import path from 'node:path';
import { expect, it } from 'vitest';
import { auditProblems } from './audit-intact.ts';
import { deferToAfterAll } from './cleanups.ts';
import { until } from './poll.ts';
import { SmallDisk } from './small-disk.ts';
import { startWritingServer } from './write-stream.ts';

// A migrated PGlite folder takes about 40 MB (mostly its first WAL segment); room for that and the test's writes.
const DISK_MB = 96;

const defer = deferToAfterAll();
const disk = await SmallDisk.mount(DISK_MB);
// In CI (root in a container, like here) the real mount must work: no quiet skip there.
if ('refused' in disk && process.env.CI) throw new Error(`The disk-full test cannot run: ${disk.refused}`);
if ('refused' in disk) console.warn(`Disk-full test skipped: ${disk.refused}`);
else defer(() => disk.unmount());

it.skipIf('refused' in disk)(
  'answers 503 while DATA_DIR is full, logs why, recovers once space is back, and keeps every acknowledged write intact',
  async () => {
    if ('refused' in disk) return;
    const target = { dataDir: path.join(disk.dir, 'data') };
    const { server, token, stream } = await startWritingServer(target, defer);
    const pid = server.pid;
    await stream.waitForMore(10, 20_000);

    expect(disk.fill()).toBeGreaterThan(0);
    const create = () =>
      server.request('POST', '/api/tasks', {
        token,
        body: { title: 'sans place', project: stream.projectId },
      });
    const refused = await until(create, (answer) => answer.status !== 201, 15_000);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({ code: 'database_unavailable', requestId: expect.any(String) });
    expect(JSON.stringify(refused.body)).not.toMatch(/space|base\/|53100/);
    await server.waitForOutput(
      /"database":\{"code":"53100","message":"could not extend file [^\n]*No space left on device"\},"msg":"database unavailable"/,
    );

    disk.free();
    await stream.waitForMore(20, 20_000);
    await stream.stop();
    expect(server.pid).toBe(pid);
    expect(new Set(stream.ledger.refusals)).toEqual(new Set(['503 database_unavailable']));
    expect(await stream.findLost()).toEqual([]);

    // What was acknowledged is on the disk, not only in a live process: it survives kill -9, and the
    // audit chain written around the failures verifies.
    await server.kill('SIGKILL');
    await server.restart();
    expect(await stream.findLost()).toEqual([]);
    await server.kill('SIGKILL');
    expect(await auditProblems(target, stream.ledger.created.keys())).toEqual([]);
  },
);
