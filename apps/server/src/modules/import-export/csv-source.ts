import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { IMPORT_LIMITS, labelNameKey, type TaskPriority, type TaskStatus } from '@jalon/contract';
import { malformed, type ImportSource, type SourceTask } from './import-source.ts';
import { statusOfName } from './status-names.ts';

type Column = (typeof IMPORT_LIMITS.csvColumns)[number];

const PRIORITIES: Record<string, TaskPriority> = {
  haute: 'high',
  high: 'high',
  moyenne: 'medium',
  medium: 'medium',
  basse: 'low',
  low: 'low',
};

/** `2026-03-31`, `2026-03-31T17:00:00Z` or `31/03/2026`: an instant at noon UTC for a bare day. */
function deadlineOf(value: string): string | null | undefined {
  if (value === '') return null;
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const day = french ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}` : value;
  const instant = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00Z` : day);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/**
 * The separator is the header line's: a French spreadsheet writes `;` (its decimal mark is a comma), most
 * others `,`. Both in one file would split a description at its commas.
 */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.split(';').length >= header.split(',').length ? ';' : ',';
}

/**
 * The line a record starts on, from the bytes read up to the end of the record before it (a quoted cell
 * may span lines, and blank lines between records are skipped, not counted as records).
 */
function lineAfter(buffer: Buffer, end: number): number {
  let line = 1;
  for (let index = buffer.indexOf(10); index !== -1 && index < end; index = buffer.indexOf(10, index + 1))
    line += 1;
  for (let index = end; buffer[index] === 10 || buffer[index] === 13; index += 1)
    if (buffer[index] === 10) line += 1;
  return line;
}

/**
 * A CSV file (UTF-8, BOM or not, `;` or `,`, RFC 4180 quotes) with a header line naming the columns
 * titre, description, statut, priorité, assigné (e-mail), échéance, étiquettes, in any order, in any case,
 * with or without accents; only `titre` is required. A line without a title is skipped; a value that
 * cannot be read refuses the file, naming its line and column.
 */
export function readCsv(buffer: Buffer, fileName: string): ImportSource {
  const text = buffer.toString('utf8');
  let records: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw malformed(
      `Le fichier CSV ne peut pas être lu${line ? ` à la ligne ${line}` : ''} : vérifiez les guillemets et le séparateur.`,
    );
  }
  const [header, ...rows] = records;
  if (!header) throw malformed('Le fichier CSV est vide : la première ligne doit nommer les colonnes.');
  const wanted = new Map(IMPORT_LIMITS.csvColumns.map((name) => [labelNameKey(name), name as Column]));
  const columns = header.record.map((name) => wanted.get(labelNameKey(name.trim())) ?? null);
  if (!columns.includes('titre'))
    throw malformed(
      'Ligne 1 : la colonne « titre » manque (colonnes attendues : titre, description, statut, priorité, assigné, échéance, étiquettes).',
    );

  const source: ImportSource = {
    identity: `csv:${createHash('sha256').update(buffer).digest('hex')}`,
    name: fileName.replace(/\.csv$/i, '').trim() || 'Import CSV',
    labels: new Map(),
    tasks: [],
    people: new Map(),
    skipped: [],
  };
  let previousEnd = header.info.bytes;
  for (const { record, info } of rows) {
    const at = lineAfter(buffer, previousEnd);
    previousEnd = info.bytes;
    // A cell Jalon's own export guarded against spreadsheet formulas ('=…) reads back as it was.
    const cell = (column: Column) =>
      (record[columns.indexOf(column)] ?? '').trim().replace(/^'(?=[=+\-@\t\r])/, '');
    const line = `ligne ${at}`;
    if (cell('titre') === '') {
      source.skipped.push({ line, reason: 'Titre manquant.' });
      continue;
    }
    const sourceStatus = cell('statut');
    const status: TaskStatus | null = sourceStatus === '' ? 'todo' : statusOfName(sourceStatus);
    if (!status)
      throw malformed(
        `Ligne ${at}, colonne « statut » : « ${sourceStatus} » n’est pas un statut (À faire, En cours, En revue, Terminée).`,
      );
    const priorityName = cell('priorité');
    const priority = priorityName === '' ? 'medium' : PRIORITIES[labelNameKey(priorityName)];
    if (!priority)
      throw malformed(
        `Ligne ${at}, colonne « priorité » : « ${priorityName} » n’est pas une priorité (Haute, Moyenne, Basse).`,
      );
    const deadline = deadlineOf(cell('échéance'));
    if (deadline === undefined)
      throw malformed(
        `Ligne ${at}, colonne « échéance » : « ${cell('échéance')} » n’est pas une date (AAAA-MM-JJ ou JJ/MM/AAAA).`,
      );
    const assignee = cell('assigné').toLowerCase() || null;
    if (assignee) source.people.set(assignee, { email: assignee, name: null });
    const labels = cell('étiquettes')
      .split(/[,;|]/)
      .map((name) => name.trim())
      .filter(Boolean);
    for (const name of labels) if (!source.labels.has(name)) source.labels.set(name, 'gray');
    const task: SourceTask = {
      key: String(at),
      line,
      title: cell('titre'),
      description: cell('description'),
      sourceStatus: sourceStatus || 'À faire',
      status,
      priority,
      assignee,
      deadline,
      labels,
    };
    source.tasks.push(task);
  }
  return source;
}
