#!/usr/bin/env node
// `npm start`: builds the web app if it has not been built, then runs the server (UI and API on one
// port, embedded PGlite under ./data unless DATABASE_URL is set). The server runs from its TypeScript
// sources through tsx (docs/decisions/0005-server-runs-from-source.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!fs.existsSync(webIndex)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@jalon/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A .env file at the root, when present, is read by Node itself (variables already set win).
const envFile = path.join(root, '.env');
const nodeArgs = [...(fs.existsSync(envFile) ? [`--env-file=${envFile}`] : []), '--import', 'tsx'];
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
