// After `vite build`: writes a .br and a .gz beside every text asset of dist/, so the server sends the
// compressed file to browsers that accept it (@fastify/static's preCompressed) without compressing on
// each request. The login route's JavaScript goes over the wire at about a third of its size.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The build folder: apps/web/dist, or the one named (the flag-off build of the end-to-end tests).
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`precompressed ${count} files (gzip and brotli)`);
