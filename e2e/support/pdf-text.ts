// Reads the text out of a PDF written by pdfkit with its standard fonts, as far as a test needs:
// content streams are FlateDecode (zlib); text is shown by Tj / TJ operators whose strings are hex
// (<4869>) or literal ((Hi)), split by kerning numbers inside a TJ array. WinAnsi ≈ latin1 for the
// characters a test looks for.
import { inflateSync } from 'node:zlib';

function decodeLiteral(body: string): string {
  return body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (/^[0-7]+$/.test(escaped)) return String.fromCharCode(parseInt(escaped, 8));
    return named[escaped] ?? escaped;
  });
}

/** The strings of one Tj operand or TJ array, joined (kerning numbers dropped). */
function showText(operand: string): string {
  let text = '';
  for (const match of operand.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
    if (match[1] !== undefined) text += Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1');
    else text += decodeLiteral(match[2] ?? '');
  }
  return text;
}

/** Every run of text the PDF shows, in the order of its content streams. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream (or not a content stream at all)
    }
    for (const op of content.matchAll(
      /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g,
    )) {
      runs.push(showText(op[1] ?? op[2] ?? ''));
    }
  }
  return runs;
}
