import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CHUNK = Buffer.alloc(1024 * 1024);

/**
 * A real, small filesystem (tmpfs) for a data folder, so that "disk full" is the kernel's ENOSPC and
 * not an imitation. Mounting needs root (a container may still refuse): `mount` says whether it worked.
 */
export class SmallDisk {
  private constructor(readonly dir: string) {}

  static async mount(sizeMb: number): Promise<SmallDisk | { refused: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-disk-'));
    try {
      await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], {
        timeout: 10_000,
      });
      return new SmallDisk(dir);
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      return { refused: `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})` };
    }
  }

  private get ballast(): string {
    return path.join(this.dir, 'ballast');
  }

  /** Takes every free byte left, as another program filling the disk would; returns how many. */
  fill(): number {
    const fd = fs.openSync(this.ballast, 'w');
    let written = 0;
    try {
      for (;;) written += fs.writeSync(fd, CHUNK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    } finally {
      fs.closeSync(fd);
    }
    return written;
  }

  /** Gives the space back. */
  free(): void {
    fs.rmSync(this.ballast, { force: true });
  }

  async unmount(): Promise<void> {
    await run('umount', [this.dir], { timeout: 10_000 });
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
