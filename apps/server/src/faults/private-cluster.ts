import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/server-process.ts';

const run = promisify(execFile);

interface Owner {
  uid: number;
  gid: number;
}

/**
 * initdb and postgres refuse to run as root. As root the cluster belongs to the `postgres` account;
 * as anyone else, to the current user. Null when we are root and that account does not exist.
 */
function clusterOwner(): Owner | null | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL cluster of the test's own (initdb, pg_ctl) on a free loopback port, which the test may
 * stop and start at will, as an operator restarting the database would. The binaries come from PATH.
 */
export class PrivateCluster {
  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly owner: Owner | undefined,
  ) {}

  /** Why the cluster cannot be made here, or null when it can. */
  static unavailableReason(): string | null {
    return clusterOwner() === null
      ? 'running as root and there is no `postgres` account to own the cluster (initdb refuses root)'
      : null;
  }

  static async create(): Promise<PrivateCluster> {
    const owner = clusterOwner();
    if (owner === null) throw new Error(PrivateCluster.unavailableReason()!);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-cluster-'));
    if (owner) fs.chownSync(dir, owner.uid, owner.gid);
    const cluster = new PrivateCluster(dir, await freePort(), owner);
    await cluster.pgCommand('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  async start(): Promise<void> {
    // TCP on loopback only, no Unix socket (nothing else on this machine should find it).
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
    await this.pgCommand('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ]);
  }

  /** `fast` ends every session (57P01) and shuts down cleanly, as `systemctl stop postgresql` does. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pgCommand('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  /** Stops the cluster if it runs and deletes it; safe after a failure. */
  async remove(): Promise<void> {
    await this.stop('immediate').catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async pgCommand(command: string, args: string[]): Promise<void> {
    await run(command, args, {
      timeout: 60_000,
      ...(this.owner ?? {}),
      env: { PATH: process.env.PATH ?? '', LC_ALL: 'C' },
    });
  }
}
