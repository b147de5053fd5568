/** Any origin will do: a path is resolved against it only to see whether it would leave it. */
const PROBE_ORIGIN = 'https://jalon.invalid';

/**
 * Whether `value` is a path of this site that the browser may be sent to after signing in, and nothing
 * that would take it elsewhere (an open redirect): it starts with one `/`, holds no backslash, no space
 * and no control character (browsers drop a tab or a line feed from an address, so `/\t/evil.example`
 * would become `//evil.example`), and neither it nor its decoded form names another host.
 */
export function isSameSitePath(value: string): boolean {
  if (!/^\/[^/\\]/.test(value) && value !== '/') return false;
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\s\\\u0000-\u001F\u007F-\u009F]/.test(value)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  if (/^\/[/\\]/.test(decoded)) return false;
  return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
}
