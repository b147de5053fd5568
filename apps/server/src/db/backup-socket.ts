import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The running server holds the data folder (data-dir-lock.ts), so `npm run backup` cannot open PGlite
 * beside it: it asks the server through this Unix socket instead (decision 0020). The socket sits in a
 * folder of the data folder that only its owner may enter, so only whoever may read the database
 * files may ask. One request per connection: the client writes `backup\n`; the answer is one JSON
 * line, `{"bytes":N}` followed by N bytes of gzipped tar, or `{"error":"…"}`.
 */
export const backupSocketPath = (dataDir: string): string => path.join(dataDir, 'control', 'backup.sock');

const REQUEST = 'backup\n';
/** sun_path holds 108 bytes on Linux, the last one a NUL. */
const MAX_SOCKET_PATH = 107;
const BUSY = 'another backup is being taken: run npm run backup again once it has finished';

/**
 * A name of the socket short enough for sun_path, and what to call once it is no longer needed. A deep
 * DATA_DIR is reached through an open descriptor of the control folder (`/proc/self/fd/N/backup.sock`,
 * Linux), so online backups work whatever the folder's path (issue 31).
 */
function reachableSocketPath(dataDir: string): { path: string; release: () => void } {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH) return { path: socketPath, release: () => {} };
  if (!fs.existsSync('/proc/self/fd'))
    throw new Error(`${socketPath} is longer than ${MAX_SOCKET_PATH} bytes`);
  const folder = fs.openSync(path.dirname(socketPath), 'r');
  return {
    path: `/proc/self/fd/${folder}/${path.basename(socketPath)}`,
    release: () => fs.closeSync(folder),
  };
}

export interface BackupSocket {
  close(): Promise<void>;
}

export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Buffer>,
  onError: (error: unknown) => void,
): Promise<BackupSocket> {
  const socketPath = backupSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // Left by a server that died: this process holds the data folder lock, so no one else listens on it.
  fs.rmSync(socketPath, { force: true });
  let busy = false;
  const server = net.createServer((connection) => {
    let received = '';
    let answered = false;
    connection.setEncoding('utf8');
    connection.on('error', onError);
    connection.on('data', (chunk: string) => {
      if (answered) return;
      received += chunk;
      if (!received.endsWith('\n') && received.length < REQUEST.length) return;
      answered = true;
      if (received !== REQUEST)
        return void connection.end(`${JSON.stringify({ error: 'unknown request' })}\n`);
      // One backup at a time: each holds a copy of the database in memory, and the copies would queue
      // on the database's lock, holding requests up for as long as they all take.
      if (busy) return void connection.end(`${JSON.stringify({ error: BUSY })}\n`);
      busy = true;
      dump()
        .finally(() => (busy = false))
        .then(
          (bytes) => {
            connection.write(`${JSON.stringify({ bytes: bytes.length })}\n`);
            connection.end(bytes);
          },
          (error: unknown) => {
            onError(error);
            connection.end(
              `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
            );
          },
        );
    });
  });
  // Node silently cuts a path longer than sun_path and listens somewhere else: a short name instead.
  const listening = reachableSocketPath(dataDir);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listening.path, () => resolve());
    });
  } catch (error) {
    listening.release();
    throw error;
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    // The descriptor stays open while the server listens: closing the server removes the socket by that name.
    close: () => new Promise<void>((resolve) => server.close(() => (listening.release(), resolve()))),
  };
}

/** Asks the server running on `dataDir` for a backup; null when no server listens there. */
export async function requestBackup(dataDir: string): Promise<Buffer | null> {
  let target: ReturnType<typeof reachableSocketPath>;
  try {
    target = reachableSocketPath(dataDir);
  } catch (error) {
    // No control folder: no server has ever listened there.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return await askForBackup(target.path);
  } finally {
    target.release();
  }
}

function askForBackup(socketPath: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.createConnection(socketPath);
    connection.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? resolve(null) : reject(error),
    );
    connection.on('connect', () => connection.write(REQUEST));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => {
      const answer = Buffer.concat(chunks);
      const newline = answer.indexOf(10);
      if (newline < 0)
        return reject(new Error('The server closed the connection without an answer (is it stopping?)'));
      const header = JSON.parse(answer.subarray(0, newline).toString('utf8')) as {
        bytes?: number;
        error?: string;
      };
      const bytes = answer.subarray(newline + 1);
      if (header.error !== undefined)
        reject(new Error(`The server could not take the backup: ${header.error}`));
      else if (bytes.length !== header.bytes)
        reject(new Error(`The backup was cut short (${bytes.length} of ${header.bytes} bytes)`));
      else resolve(bytes);
    });
  });
}
