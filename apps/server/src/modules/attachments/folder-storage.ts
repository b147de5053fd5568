import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../db/data-folder.ts';
import { Meter, SHA256_HEX, type FileStorage, type StagedFile } from './file-storage.ts';

const TEMP_FOLDER = '.incoming';

/**
 * Content in a folder: `<dir>/<first two hex digits>/<sha256>`, so no folder holds more than a 256th of
 * the files. An upload is written to `<dir>/.incoming/<random>` and renamed into place once whole: a file
 * under a hash is always complete, and a cut upload leaves only its temporary file, removed at once.
 * Folders are 0700 and files 0600, like the rest of the data folder.
 */
export class FolderStorage implements FileStorage {
  constructor(private readonly dir: string) {
    fs.mkdirSync(path.join(dir, TEMP_FOLDER), { recursive: true, mode: PRIVATE_DIR_MODE });
    // Temporary files of a process that died mid-upload: nothing can finish them now.
    for (const name of fs.readdirSync(path.join(dir, TEMP_FOLDER)))
      fs.rmSync(path.join(dir, TEMP_FOLDER, name), { force: true });
  }

  pathOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('Not a SHA-256');
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  async stage(source: Readable, maxBytes: number): Promise<StagedFile> {
    const temp = path.join(this.dir, TEMP_FOLDER, randomUUID());
    const meter = new Meter(maxBytes);
    try {
      await pipeline(source, meter, fs.createWriteStream(temp, { mode: PRIVATE_FILE_MODE, flags: 'wx' }));
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    const { sha256, size, head } = meter.result();
    const target = this.pathOf(sha256);
    return {
      sha256,
      size,
      head,
      commit: async () => {
        await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        // Same name, same content: renaming over a file already there changes nothing it holds.
        await fs.promises.rename(temp, target);
      },
      discard: () => fs.promises.rm(temp, { force: true }),
    };
  }

  async open(sha256: string): Promise<Readable> {
    const handle = await fs.promises.open(this.pathOf(sha256), 'r');
    return handle.createReadStream();
  }

  async remove(sha256: string): Promise<void> {
    await fs.promises.rm(this.pathOf(sha256), { force: true });
  }

  async sweepIncoming(before: Date): Promise<number> {
    const folder = path.join(this.dir, TEMP_FOLDER);
    let swept = 0;
    for (const name of await fs.promises.readdir(folder)) {
      const file = path.join(folder, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || stat.mtime >= before) continue;
      await fs.promises.rm(file, { force: true });
      swept += 1;
    }
    return swept;
  }
}
