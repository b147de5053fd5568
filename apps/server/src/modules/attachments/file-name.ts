import { ATTACHMENT_LIMITS } from '@jalon/contract';

// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
const FALLBACK_NAME = 'fichier';

/**
 * The name a file is kept under: its own name without any folder (`../../etc/passwd` is `passwd`, and
 * Windows' `C:\dossier\devis.pdf` is `devis.pdf`), without control characters, well-formed Unicode, at
 * most `nameMax` characters (the end kept, so the extension stays). Nothing left: 'fichier'.
 */
export function attachmentName(sent: string | undefined): string {
  const base = (sent ?? '').split(/[/\\]/).pop() ?? '';
  // Through UTF-8 and back: a lone surrogate (which PostgreSQL cannot store) becomes U+FFFD.
  const clean = Buffer.from(base, 'utf8').toString('utf8').replace(CONTROL_CHARACTERS, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return FALLBACK_NAME;
  const chars = [...clean];
  return chars.length > ATTACHMENT_LIMITS.nameMax
    ? chars.slice(chars.length - ATTACHMENT_LIMITS.nameMax).join('')
    : clean;
}

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): an ASCII `filename` for old clients,
 * with anything else as `_`, and the exact name as `filename*` in UTF-8, percent-encoded (RFC 5987).
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
