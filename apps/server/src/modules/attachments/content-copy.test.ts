import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { copyContent } from './content-copy.ts';
import { FolderStorage } from './folder-storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-copy-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function store(storage: FolderStorage, text: string): Promise<string> {
  const staged = await storage.stage(Readable.from([Buffer.from(text)]), 1024);
  await staged.commit();
  return staged.sha256;
}

describe('the attached files of npm run backup and restore', () => {
  it('copies every content, privately, then only what is new; an upload under way is left out', async () => {
    const live = path.join(root, 'files');
    const storage = new FolderStorage(live);
    const first = await store(storage, 'devis');
    fs.writeFileSync(path.join(live, '.incoming', 'en-cours'), 'moitié');
    const backup = path.join(root, 'backup.tar.gz.files');

    expect(copyContent(live, backup)).toEqual({ copied: 1, skipped: 0 });
    const second = await store(storage, 'photo');
    expect(copyContent(live, backup)).toEqual({ copied: 1, skipped: 1 });
    expect(fs.existsSync(path.join(backup, '.incoming'))).toBe(false);

    // Restored into an empty folder, the storage reads the same bytes.
    const restored = path.join(root, 'restored');
    expect(copyContent(backup, restored)).toEqual({ copied: 2, skipped: 0 });
    const reader = new FolderStorage(restored);
    for (const [sha256, text] of [
      [first, 'devis'],
      [second, 'photo'],
    ] as const) {
      const chunks: Buffer[] = [];
      for await (const chunk of await reader.open(sha256)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe(text);
      expect(fs.statSync(reader.pathOf(sha256)).mode & 0o777).toBe(0o600);
    }
  });
});
