import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditProblems } from './audit-intact.ts';
import { deferToAfterAll } from './cleanups.ts';
import { pgliteTarget, postgresTarget, type FaultTarget } from './fault-target.ts';
import { startWritingServer } from './write-stream.ts';

// Kills land after these many more acknowledged writes: different points of the stream each round.
const KILL_AFTER = [3, 11, 6, 17, 9];

const lockFile = (target: FaultTarget) => path.join(target.dataDir, 'jalon.lock');

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('kill -9 on PostgreSQL skipped: set TEST_DATABASE_URL to run it');

const defer = deferToAfterAll();

describe.each([
  { name: 'PGlite', open: async () => pgliteTarget(), skip: false },
  { name: 'PostgreSQL', open: () => postgresTarget(postgresUrl!), skip: !postgresUrl },
])('kill -9 during a stream of writes, on $name', ({ open, skip }) => {
  it.skipIf(skip)(
    'keeps every acknowledged write through 5 kills, restarts with no manual step, and the audit chain verifies',
    async () => {
      const target: FaultTarget = await open();
      defer(() => target.remove());
      const { server, stream } = await startWritingServer(target, defer);

      for (const writes of KILL_AFTER) {
        await stream.waitForMore(writes, 20_000);
        const killed = server.pid;
        await server.kill('SIGKILL');
        // SIGKILL leaves the dead process's lock behind (and PGlite's own postmaster.pid); the new process
        // takes them over with nobody's help.
        if (target.kind === 'pglite') expect(fs.readFileSync(lockFile(target), 'utf8')).toBe(String(killed));
        await server.restart();
        if (target.kind === 'pglite')
          expect(fs.readFileSync(lockFile(target), 'utf8')).toBe(String(server.pid));
      }
      await stream.waitForMore(5, 20_000);
      await stream.stop();

      expect(stream.ledger.refusals).toEqual([]);
      expect(await stream.findLost()).toEqual([]);

      await server.kill('SIGKILL');
      expect(await auditProblems(target, stream.ledger.created.keys())).toEqual([]);
      console.warn(
        `${target.kind}: ${stream.ledger.created.size} creations and ${stream.ledger.counterAcknowledged} renames acknowledged, ` +
          `${stream.ledger.networkFailures} requests cut by the kills`,
      );
    },
  );
});
