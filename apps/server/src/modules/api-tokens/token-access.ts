import type { RouteAccess } from '../../plugins/auth-guard.ts';

/**
 * The routes that guard the account itself: signing in and out, sessions, password, 2FA and passkeys
 * (/api/auth, /api/2fa), the administration (/api/admin), the audit journal (/api/audit) and the
 * person's own tokens and calendar feed (/api/me). A leaked token must not be able to take over the
 * account, mint more tokens or hide its tracks, so a personal token is refused there with 403.
 */
const SECURITY_PREFIXES = ['/api/auth/', '/api/2fa/', '/api/admin/', '/api/audit/', '/api/me/'] as const;

/**
 * What a personal access token does on a route:
 * - `accepted`: it signs the person in (a `read` token for reads only);
 * - `refused`: a security route, 403;
 * - `ignored`: a public route (answered as to anyone) or the event stream, which reads only the
 *   session cookie.
 */
export function personalTokenUse(access: RouteAccess, url: string): 'accepted' | 'refused' | 'ignored' {
  if (access === 'public' || access === 'cookie') return 'ignored';
  if (SECURITY_PREFIXES.some((prefix) => url.startsWith(prefix))) return 'refused';
  return access === 'session' ? 'accepted' : 'refused';
}

/** Methods a `read` token may use. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
