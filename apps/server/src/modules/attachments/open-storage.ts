import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { FolderStorage } from './folder-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** The bucket when S3_URL is set (what several instances share), else the folder FILES_DIR. */
export function openFileStorage(files: Config['files']): { storage: FileStorage; close(): void } {
  if (files.s3) {
    const storage = new S3Storage(files.s3);
    return { storage, close: () => storage.close() };
  }
  return { storage: new FolderStorage(files.dir), close: () => {} };
}
