import type { FastifyRequest } from 'fastify';
import type { User } from '@jalon/contract';
import type { AuditActor } from '../modules/audit/audit-writer.ts';

/** The audit actor for a request: the signed-in user (or the one given), its IP and user agent. */
export function actorOf(
  request: FastifyRequest,
  user?: Pick<User, 'id' | 'email' | 'username'> | null,
): AuditActor {
  const who = user ?? request.session?.user ?? request.pendingLogin?.user ?? null;
  return {
    id: who?.id ?? null,
    email: who?.email ?? null,
    name: who?.username ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    ...(request.apiToken ? { via: 'token' as const } : {}),
  };
}
