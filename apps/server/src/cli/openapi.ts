import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { parseFlags, runCli } from './cli-database.ts';

/**
 * `npm run openapi -- [--out file]`: the document GET /api/openapi.json serves, written without a
 * running server (CI lints it and generates a client from it). The app is built on a throw-away
 * in-memory database, with the configuration of the environment (PUBLIC_URL, ALLOW_REGISTRATION…).
 */
runCli(async () => {
  const flags = parseFlags(process.argv.slice(2), ['out']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-openapi-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dataDir: null });
  try {
    await runMigrations(database.pool);
    const app = await buildApp({ config, database, mailTransport: { deliver: async () => {} } });
    const text = `${JSON.stringify((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json(), null, 2)}\n`;
    await app.close();
    if (flags.out) fs.writeFileSync(flags.out, text);
    else process.stdout.write(text);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
