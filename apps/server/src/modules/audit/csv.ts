/**
 * CSV that opens safely in a spreadsheet (S34): a cell that starts with = + - @, a tab or a carriage
 * return is prefixed with an apostrophe so it is never run as a formula, and fields are quoted per
 * RFC 4180. Lines end with CRLF; the file starts with a UTF-8 byte order mark so accents read right.
 * Cells are separated by semicolons: a spreadsheet set up in French reads a comma as the decimal mark and
 * opens a comma-separated file as one column. A cell holding either is quoted.
 */
export const CSV_SEPARATOR = ';';

export const CSV_BOM = '\uFEFF';

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: Array<string | null | undefined>): string =>
  `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
