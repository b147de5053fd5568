/** The schemes a link in a task's text may use: the web and e-mail, nothing that runs code or carries content. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

// Browsers drop tabs and line breaks inside a URL and ignore leading spaces and control characters:
// 'java\tscript:' is still javascript:, so the scheme is read after the same clean-up.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_URL = /[\u0000-\u0020\u007f]/g;

/**
 * The address a Markdown link may point to, or null when it must not be a link (javascript:, data:,
 * vbscript:, file:…). Addresses without a scheme (`/tasks/…`, `#part`, `page.html`) stay as they are.
 */
export function safeHref(url: string): string | null {
  const cleaned = url.replace(IGNORED_IN_URL, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (!scheme) return cleaned === '' ? null : url.trim();
  return ALLOWED_SCHEMES.has(`${scheme[1]!.toLowerCase()}:`) ? url.trim() : null;
}

/** Every link of someone else's text: no access to this page, no referrer, no ranking given. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';
