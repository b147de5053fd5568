import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../db/data-folder.ts';
import { SHA256_HEX } from './file-storage.ts';

/**
 * Copies the attached files' content from one folder of the folder storage's layout to another
 * (`<two hex digits>/<sha256>`; uploads under way are left out). A file is named by its content, so one
 * already in `to` is the same and is skipped: a second backup into the same folder copies only what is new.
 * Each file is copied aside, then renamed: a name in `to` is always a whole file.
 */
export function copyContent(from: string, to: string): { copied: number; skipped: number } {
  let copied = 0;
  let skipped = 0;
  if (!fs.existsSync(from)) return { copied, skipped };
  for (const shard of fs.readdirSync(from)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    fs.mkdirSync(path.join(to, shard), { recursive: true, mode: PRIVATE_DIR_MODE });
    for (const name of fs.readdirSync(path.join(from, shard))) {
      if (!SHA256_HEX.test(name)) continue;
      const target = path.join(to, shard, name);
      if (fs.existsSync(target)) {
        skipped += 1;
        continue;
      }
      fs.copyFileSync(path.join(from, shard, name), `${target}.partial`);
      fs.chmodSync(`${target}.partial`, PRIVATE_FILE_MODE);
      fs.renameSync(`${target}.partial`, target);
      copied += 1;
    }
  }
  return { copied, skipped };
}

/** The folder beside a backup FILE that holds its attached files. */
export const backupFilesFolder = (backupFile: string): string => `${backupFile}.files`;
