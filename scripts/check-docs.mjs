#!/usr/bin/env node
// `npm run lint` runs this: the documentation a newcomer reads must lead somewhere. It fails when
// - a relative link in README.md or docs/**/*.md names a file, or a heading of a Markdown file, that
//   does not exist (a moved test, a renamed section);
// - a tracked file names, or cites a section of, one of the product's working documents that live
//   outside the repository (the specification and its design, security and sync companions): a "why"
//   must point where a newcomer can go, so it is written in our words or cites a file under docs/;
// - the decision records' index (docs/decisions/README.md) misses a record or tells its status
//   wrongly, a record has no status line, or a record from 0054 on has no "Alternatives considered".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const OUTSIDE_NAMES = ['SPEC', 'DESIGN', 'SECURITY', 'SYNC'];
/** The working documents that stay outside the repository, by file name. */
export const OUTSIDE_DOCUMENTS = OUTSIDE_NAMES.map((name) => `${name}.md`);
/** The same documents cited by section (`… §3`) or, for the security one, by requirement (`… S27`). */
const OUTSIDE_SECTIONS = [...OUTSIDE_NAMES.map((name) => `${name} §`), `${OUTSIDE_NAMES[2]} S`];
/** Migrations already applied are history: drizzle keeps a hash of each, so their text stays as it was. */
const HISTORY = /^apps\/server\/drizzle\//;
/** From this record on, each one says what else was weighed. */
export const FIRST_RECORD_WITH_ALTERNATIVES = 54;

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (outside fenced code). */
export function anchorsOf(markdown) {
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

/** The relative link targets of a Markdown text: `[text](target)`, outside fenced and inline code. */
export function linksOf(markdown) {
  const targets = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`(?!\])/g, '``');
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) targets.push(target);
    }
  }
  return targets;
}

/**
 * What is wrong with the links of one Markdown file. `read(path)` answers a file's text, or null when
 * no such file or folder exists ('' for a folder).
 */
export function brokenLinks(file, markdown, read) {
  const problems = [];
  for (const target of linksOf(markdown)) {
    const [pathPart, anchor] = target.split('#');
    const resolved = pathPart
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(pathPart)))
      : file;
    const text = pathPart ? read(resolved) : markdown;
    if (text === null) problems.push(`${file}: the link ${target} names ${resolved}, which does not exist`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(text).has(anchor))
      problems.push(`${file}: the link ${target} names a heading ${resolved} does not have`);
  }
  return problems;
}

/** The lines of a file that cite a working document kept outside the repository, by name or section. */
export function outsideCitations(file, text) {
  if (HISTORY.test(file)) return [];
  const problems = [];
  text.split('\n').forEach((line, index) => {
    for (const name of OUTSIDE_DOCUMENTS) {
      if (new RegExp(`(^|[^\\w-])${name.replace('.', '\\.')}`).test(line))
        problems.push(
          `${file}:${index + 1}: names ${name}, which is not in the repository; say the reason, or cite docs/`,
        );
    }
    for (const citation of OUTSIDE_SECTIONS) {
      if (new RegExp(`\\b${citation}\\s?\\d`).test(line))
        problems.push(
          `${file}:${index + 1}: cites "${citation}…" of a document not in the repository; say the reason, or cite docs/`,
        );
    }
  });
  return problems;
}

/** What is wrong with the decision records and their index. `records` maps a file name to its text. */
export function decisionProblems(index, records) {
  const problems = [];
  for (const [name, text] of records) {
    const number = Number(name.slice(0, 4));
    const status = /^- Status: (.*)$/m.exec(text)?.[1];
    const row = index.split('\n').find((line) => line.startsWith(`| [${name.slice(0, 4)}](${name})`));
    if (!status) problems.push(`docs/decisions/${name}: no "- Status:" line under its title`);
    if (!row) problems.push(`docs/decisions/${name} is not in docs/decisions/README.md's index`);
    else if (status && /^superseded/i.test(status) !== /\|\s*superseded/i.test(row))
      problems.push(
        `docs/decisions/README.md: the row of ${name} and the record's status line disagree on "superseded"`,
      );
    if (number >= FIRST_RECORD_WITH_ALTERNATIVES && !/^## Alternatives considered\s*$/m.test(text))
      problems.push(
        `docs/decisions/${name}: no "## Alternatives considered" section (required from ${String(FIRST_RECORD_WITH_ALTERNATIVES).padStart(4, '0')} on)`,
      );
  }
  return problems;
}

/** The repository's tracked files; a tree without git is walked instead (build output left out). */
function trackedFiles(root) {
  try {
    return execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    const skipped = new Set([
      'node_modules',
      '.git',
      'dist',
      'dist-offline-off',
      'data',
      'test-results',
      'playwright-report',
    ]);
    const walk = (folder) =>
      fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
        if (skipped.has(entry.name)) return [];
        const relative = path.posix.join(folder, entry.name);
        return entry.isDirectory() ? walk(relative) : [relative];
      });
    return walk('.').map((file) => path.posix.normalize(file));
  }
}

function main() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const files = trackedFiles(root).filter((file) => fs.existsSync(path.join(root, file)));
  const read = (file) => {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) return null;
    return fs.statSync(full).isDirectory() ? '' : fs.readFileSync(full, 'utf8');
  };
  const markdown = files.filter(
    (file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')),
  );
  const recordNames = files
    .filter((file) => /^docs\/decisions\/\d{4}-.*\.md$/.test(file))
    .map((file) => path.posix.basename(file));
  const text = (file) => fs.readFileSync(path.join(root, file), 'utf8');
  const problems = [
    ...markdown.flatMap((file) => brokenLinks(file, text(file), read)),
    ...files
      .filter((file) => !/\.(png|jpe?g|gif|ico|webp|woff2?|gz|zip|wasm)$/.test(file))
      .flatMap((file) => outsideCitations(file, text(file))),
    ...decisionProblems(
      text('docs/decisions/README.md'),
      recordNames.map((name) => [name, text(`docs/decisions/${name}`)]),
    ),
  ];
  for (const problem of problems) console.error(problem);
  console.log(
    `docs: ${markdown.length} Markdown files, ${files.length} tracked files, ${recordNames.length} decision records checked; ${problems.length} problems`,
  );
  process.exit(problems.length > 0 ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  main();
