import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killChildren, runCliScript } from '../../test/child-processes.ts';
import { FolderStorage } from './folder-storage.ts';

// npm run backup / restore carry the attached files of the folder storage beside the database.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-backup-files-'));
afterEach(() => killChildren());
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm run backup and restore with attached files', () => {
  it('writes them to FILE.files/ and puts them back into FILES_DIR', { timeout: 240_000 }, async () => {
    const original = path.join(root, 'original');
    expect((await runCliScript('seed-demo.ts', [], { DATA_DIR: original }, 120_000)).code).toBe(0);
    const staged = await new FolderStorage(path.join(original, 'files')).stage(
      Readable.from([Buffer.from('le devis signé')]),
      1024,
    );
    await staged.commit();

    const file = path.join(root, 'sauvegarde.tar.gz');
    const backup = await runCliScript('backup.ts', [file], { DATA_DIR: original }, 120_000);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Attached files copied to');
    const kept = path.join(`${file}.files`, staged.sha256.slice(0, 2), staged.sha256);
    expect(fs.readFileSync(kept, 'utf8')).toBe('le devis signé');

    const restored = path.join(root, 'restored');
    const restore = await runCliScript('restore.ts', [file], { DATA_DIR: restored }, 120_000);
    expect(restore.code, restore.stderr).toBe(0);
    const back = new FolderStorage(path.join(restored, 'files')).pathOf(staged.sha256);
    expect(fs.readFileSync(back, 'utf8')).toBe('le devis signé');
    expect(fs.statSync(back).mode & 0o777).toBe(0o600);
  });
});
