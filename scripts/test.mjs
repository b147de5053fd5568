#!/usr/bin/env node
// `npm test`: every check of the repository, in order, then one closing line "N passed, N failed"
// summing them all. Type checking and lint count as one check each (the OpenAPI lint and its generated
// client too); test runners count their tests.
// The server suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; the
// sync core (`sync`) is pure and needs neither. `node scripts/test.mjs faults` runs the soak and fault
// suite alone (it is part of the full run too).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-test-'));
const results = [];
// After the static checks (checkAll), steps run one after the other, so a step's duration is the time
// since the previous result.
let stepStarted = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
function record(result) {
  results.push({ ...result, seconds: seconds(stepStarted) });
  stepStarted = Date.now();
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...options.env },
  });
  return result.status === 0;
}

function check(name, command, args, options) {
  console.log(`\n=== ${name} ===`);
  const ok = run(command, args, options);
  record({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

/** Runs `checks` ([name, command, args]) `concurrency` at a time; each is one result, in the given order. */
async function checkAll(checks, concurrency) {
  const done = new Array(checks.length);
  let next = 0;
  async function lane() {
    while (next < checks.length) {
      const index = next++;
      const [name, command, args] = checks[index];
      const started = Date.now();
      const { ok, output } = await runCollected(command, args);
      console.log(`\n=== ${name} ===`);
      process.stdout.write(output);
      done[index] = { name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: seconds(started) };
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, checks.length) }, lane));
  results.push(...done);
  stepStarted = Date.now();
}

/** Like `run`, with stdout and stderr kept together until the process ends. */
function runCollected(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

function vitest(name, workspace, env = {}, extraArgs = []) {
  console.log(`\n=== ${name} ===`);
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    '--root',
    workspace,
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const ok = run('npx', args, { env: { TZ: 'UTC', ...env } });
  record(countVitest(name, file, ok));
}

function countVitest(name, file, ok) {
  if (!fs.existsSync(file))
    return { name, passed: 0, failed: 1, note: 'no report (the runner failed to start)' };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  const failures = failedVitestTests(report);
  if (!ok && failures.length === 0)
    failures.push("(no test or file failed: an unhandled error, printed above the runner's own summary)");
  return { name, passed: report.numPassedTests, failed, failures };
}

// The names of the failed tests, repeated in the summary: CI's log may keep only its end. A file can
// fail with none of its tests failed (a `beforeAll` that threw skips them, an `afterAll` that threw
// fails the file after they passed): it is named with the first line of its error.
function failedVitestTests(report) {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} › ${test.fullName} (failed)`);
    if (tests.length > 0 || file.status !== 'failed') return tests;
    return [`${name} (file failed: ${(file.message || 'no message').split('\n')[0].slice(0, 200)})`];
  });
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the end-to-end tests…');
    return run('bash', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    ]);
  }
  console.error('End-to-end tests need Chromium at /usr/bin/chromium: run `sudo apt-get install chromium`.');
  return false;
}

function playwright() {
  console.log('\n=== end-to-end (Chromium) ===');
  if (!ensureChromium()) {
    record({ name: 'end-to-end', passed: 0, failed: 1, note: 'Chromium missing' });
    return;
  }
  const file = path.join(reports, 'e2e.json');
  const ok = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: file, TZ: 'UTC' },
  });
  if (!fs.existsSync(file)) {
    record({ name: 'end-to-end', passed: 0, failed: 1, note: 'no report' });
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { stats } = report;
  const failed = stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
  // A journey that failed once and passed on CI's one retry counts as passed, and is named in the
  // summary so that a flaky journey is seen and fixed, not hidden.
  const note = stats.flaky > 0 ? `${stats.flaky} flaky: passed on retry` : undefined;
  const failures = playwrightTests(report.suites, ['unexpected', 'flaky']);
  record({ name: 'end-to-end', passed: stats.expected + stats.flaky, failed, note, failures });
}

function playwrightTests(suites = [], statuses) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => statuses.includes(test.status))
        .map(
          (test) =>
            `${spec.file}:${spec.line} › ${test.projectName ? `[${test.projectName}] ` : ''}${spec.title} (${test.status})`,
        ),
    ),
    ...playwrightTests(suite.suites, statuses),
  ]);
}

// Redocly exits 0 on warnings: its JSON report is read, and a warning fails the check like an error.
function redoclyLint(document) {
  console.log('\n=== openapi lint (Redocly) ===');
  const result = spawnSync('npx', ['redocly', 'lint', document, '--format=json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report = null;
  try {
    report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
  } catch {
    console.error(result.stdout, result.stderr);
  }
  for (const problem of report?.problems ?? [])
    console.log(
      `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location?.[0]?.pointer ?? ''}`,
    );
  const clean = report !== null && report.totals.errors === 0 && report.totals.warnings === 0;
  console.log(report ? `${report.totals.errors} errors, ${report.totals.warnings} warnings` : 'no report');
  record({ name: 'openapi lint (Redocly)', passed: clean ? 1 : 0, failed: clean ? 0 : 1 });
}

const only = process.argv.slice(2);
const wants = (step) => only.length === 0 || only.includes(step);

// The static checks are single-threaded processes independent of each other: they run as many at a time
// as the machine has cores, each one's output printed whole when it ends (not interleaved), and the
// summary lists them in this order with each one's own duration.
const staticChecks = [];
if (wants('typecheck')) {
  for (const project of ['packages/contract', 'packages/sync', 'apps/server', 'apps/web', 'e2e', 'bench']) {
    if (fs.existsSync(path.join(root, project, 'tsconfig.json')))
      staticChecks.push([`typecheck ${project}`, 'npx', ['tsc', '-p', project]]);
  }
}
if (wants('lint')) {
  staticChecks.push(['lint', 'npx', ['eslint', '.', '--max-warnings=0']]);
  // One formatting for every file, so a diff shows what changed and not how it was typed: `npm run format`
  // writes it.
  staticChecks.push(['format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.']]);
  // Links in the docs resolve, no file cites a document kept outside the repository, the decision
  // records are indexed (scripts/check-docs.mjs); then the checker's own test.
  staticChecks.push(['docs', 'node', ['scripts/check-docs.mjs']]);
  staticChecks.push(['docs checker test', 'node', ['--test', 'scripts/check-docs.test.mjs']]);
}
await checkAll(staticChecks, os.availableParallelism());

// The API contract: the document GET /api/openapi.json serves, generated from the routes, linted with
// Redocly (redocly.yaml: 0 errors, 0 warnings), then the client types openapi-typescript makes of it
// compiled with the example client of docs/api-client. Two checks.
if (wants('openapi')) {
  console.log('\n=== OpenAPI document ===');
  const document = path.join(reports, 'openapi.json');
  const generated = run('npx', ['tsx', 'apps/server/src/cli/openapi.ts', '--out', document]);
  if (!generated)
    record({ name: 'openapi', passed: 0, failed: 2, note: 'the document could not be generated' });
  else {
    redoclyLint(document);
    console.log('\n=== openapi client (openapi-typescript) ===');
    const typed =
      run('npx', ['openapi-typescript', document, '-o', 'docs/api-client/openapi.d.ts']) &&
      run('npx', ['tsc', '-p', 'docs/api-client']);
    record({ name: 'openapi client typecheck', passed: typed ? 1 : 0, failed: typed ? 0 : 1 });
  }
}
if (wants('server')) {
  vitest('server on PGlite', 'apps/server', { TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL)
    vitest('server on PostgreSQL', 'apps/server', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  else
    console.log(
      '\n(server on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to run it)',
    );
}
if (wants('sync')) vitest('sync core', 'packages/sync');
// Real servers killed, databases stopped, disks filled, and the PGlite soak (apps/server/src/faults): a
// few minutes, alone after the fast suites. The PostgreSQL cases use TEST_DATABASE_URL when set; the
// outage test starts a private cluster of its own.
if (wants('faults')) vitest('soak and faults', 'apps/server', {}, ['--config', 'vitest.faults.config.ts']);
if (wants('web')) vitest('web', 'apps/web');
if (wants('e2e')) {
  check('build web', 'npm', ['run', 'build', '-w', '@jalon/web']);
  // The same app built with VITE_OFFLINE_SYNC=false, for the journey that checks the flag off.
  check('build web without offline sync', 'npm', ['run', 'build:offline-off', '-w', '@jalon/web']);
  playwright();
}

console.log('\n=== summary ===');
for (const result of results) {
  const note = [result.note, `${result.seconds} s`].filter(Boolean).join('; ');
  console.log(
    `${result.failed ? 'FAIL' : 'ok  '}  ${result.name}: ${result.passed} passed, ${result.failed} failed (${note})`,
  );
  for (const failure of result.failures ?? []) console.log(`        ${failure}`);
}
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
fs.rmSync(reports, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
