// Runs PGlite (Postgres compiled to WASM) on its own thread and serves it over the Postgres wire
// protocol on a Unix socket, so the HTTP thread never executes SQL itself and the server talks to
// PGlite and to a real PostgreSQL through the same driver (node-postgres).
// Plain JavaScript on purpose: worker entry points must load without a TypeScript loader.
// No SQL of its own runs here: PGlite's query mutex is not reentrant, so anything this thread ran
// beside the socket's clients could deadlock them (issue 9); the vacuum is a client (pglite-vacuum.ts).
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, loadDataDir } = workerData;

try {
  // loadDataDir: a restore (cli/restore.ts) unpacks a backup into the empty folder before opening it.
  // unaccent: the search folds accents with it (migration 0015); a database that has the extension
  // cannot write a task without it loaded.
  const db = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { unaccent },
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir], { type: 'application/gzip' }) } : {}),
  });
  // The pool opens one connection at a time, but node-postgres drops a connection after a failed
  // query and opens a new one at once, before the server has seen the old one close: allow a few so
  // that reconnection is never refused ("Too many connections").
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();
  parentPort.postMessage({ type: 'ready' });

  // A backup while the server runs: dumpDataDir takes PGlite's query lock, so the files are copied
  // between two statements, never during one. An open transaction's writes are not in the copy (they
  // are rolled back when it is opened, as after a crash), so the copy is consistent. Only the copy
  // holds the lock: it is compressed afterwards, on libuv's threads, while requests go on (issue 31).
  parentPort.on('message', async (message) => {
    if (message?.type !== 'dump') return;
    try {
      const tar = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      const compressed = await promisify(gzip)(tar);
      const bytes = compressed.buffer.slice(
        compressed.byteOffset,
        compressed.byteOffset + compressed.byteLength,
      );
      parentPort.postMessage({ type: 'dumped', id: message.id, bytes }, [bytes]);
    } catch (error) {
      parentPort.postMessage({
        type: 'dumped',
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
  parentPort.on('message', async (message) => {
    if (message?.type !== 'close') return;
    await server.stop();
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
