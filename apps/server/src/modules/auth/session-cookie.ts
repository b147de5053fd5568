import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The session cookie exists only for the event stream (EventSource cannot send headers). HttpOnly,
 * SameSite=Strict, and `__Host-` prefixed and Secure under HTTPS (S27); it authorises nothing else.
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl.startsWith('https:') ? '__Host-jalon_session' : 'jalon_session';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/' });
}
