import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The session cookie exists only for the event stream (EventSource cannot send headers). HttpOnly,
 * SameSite=Strict, and `__Host-` prefixed and Secure under HTTPS (S27); it authorises nothing else.
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl.startsWith('https:') ? '__Host-jalon_session' : 'jalon_session';
}

/**
 * The cookie carries the session's token and no lifetime of its own (it lasts as long as the browser
 * runs): the session's sliding and absolute deadlines, checked by the server at every stream opening
 * and heartbeat, decide alone. A fixed expiry here ran out while the session, renewed by the bearer
 * calls, went on (decision 0051).
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/' });
}
