import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { AuditExportRow } from './audit-query.ts';
import { CSV_BOM, csvRow } from './csv.ts';

const CSV_HEADER = ['Date', 'Type', 'Utilisateur', 'E-mail', 'IP', 'Ressource', 'Résultat', 'Détails'];
const actorLabel = (row: AuditExportRow) => row.actorName ?? row.actorEmail ?? 'Système';

const CSV_ROWS_PER_CHUNK = 500;

/** The CSV export as a stream: rows are written as the database pages come in, a few hundred per chunk. */
export function auditCsvStream(rows: AsyncIterable<AuditExportRow>): Readable {
  return Readable.from(
    (async function* () {
      let chunk = CSV_BOM + csvRow(CSV_HEADER);
      let count = 0;
      for await (const row of rows) {
        chunk += csvRow([
          row.createdAt.toISOString(),
          row.type,
          actorLabel(row),
          row.actorEmail,
          row.ip,
          row.resource,
          row.outcome === 'success' ? 'succès' : 'échec',
          row.details,
        ]);
        if (++count % CSV_ROWS_PER_CHUNK === 0) {
          yield chunk;
          chunk = '';
        }
      }
      yield chunk;
    })(),
  );
}

const COLUMNS = [
  { title: 'Date', width: 120 },
  { title: 'Type', width: 170 },
  { title: 'Utilisateur', width: 160 },
  { title: 'Détails', width: 312 },
] as const;

/**
 * The PDF prints times as the screen showed them, in the viewer's time zone (sent by the page), and names
 * that zone in the column's heading; without one, UTC, named too. The CSV keeps ISO 8601 times with their
 * offset, which a spreadsheet or a script reads without guessing.
 */
export const pdfDateHeading = (timeZone: string | undefined): string => `Date (${timeZone ?? 'UTC'})`;

export function pdfDateCell(at: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone: timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(',', '');
}
const ROW_HEIGHT = 16;
const MARGIN = 40;
const PDF_BUFFER_MAX = 1024 * 1024;

/** A paginated PDF table (Date, Type, Utilisateur, Détails), header repeated on every page. */
export function auditPdfStream(
  rows: AsyncIterable<AuditExportRow>,
  title: string,
  timeZone?: string,
): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: false,
    info: { Title: title },
  });
  const bottom = () => doc.page.height - MARGIN - ROW_HEIGHT;
  let y = 0;
  let page = 0;

  const header = () => {
    page++;
    doc.font('Helvetica-Bold').fontSize(14).text(title, MARGIN, MARGIN, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${page}`, MARGIN, MARGIN + 4, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    y = MARGIN + 26;
    let x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(9);
    for (const column of COLUMNS) {
      const heading = column.title === 'Date' ? pdfDateHeading(timeZone) : column.title;
      doc.text(heading, x, y, { width: column.width - 6, lineBreak: false });
      x += column.width;
    }
    y += ROW_HEIGHT;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(doc.page.width - MARGIN, y - 4)
      .strokeColor('#999999')
      .stroke();
    doc.font('Helvetica').fontSize(8);
  };

  const write = (row: AuditExportRow) => {
    if (y > bottom()) {
      doc.addPage();
      header();
    }
    const cells = [pdfDateCell(row.createdAt, timeZone), row.type, actorLabel(row), row.details || row.type];
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const width = COLUMNS[index]!.width - 6;
      doc.text(cell, x, y, { width, height: ROW_HEIGHT, lineBreak: false, ellipsis: true });
      x += COLUMNS[index]!.width;
    });
    y += ROW_HEIGHT;
  };

  // pdfkit does not wait for its reader: pause the rows while the reader is behind, so a slow
  // download does not pile the whole document up in memory.
  const readerCaughtUp = async () => {
    while (doc.readableLength > PDF_BUFFER_MAX && !doc.destroyed)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };

  header();
  void (async () => {
    try {
      let count = 0;
      for await (const row of rows) {
        write(row);
        if (++count % 200 === 0) await readerCaughtUp();
      }
      if (count === 0) doc.text('Aucune entrée.', MARGIN, y);
    } catch (error) {
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    doc.end();
  })();
  return doc as unknown as Readable;
}
