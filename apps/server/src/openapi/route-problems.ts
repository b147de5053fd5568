import { ENTITY_VERSION_HEADER } from '@jalon/contract';
import type { RouteAccess } from '../plugins/auth-guard.ts';

/** The error statuses a route can answer; each has one shared response in the document. */
export const PROBLEM_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 500, 503] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error statuses the handler answers on its own that its definition does not imply (a domain 409
     * such as `email_taken`, a 401 for wrong credentials on a public route, a 429 that is not the rate
     * limiter's). The rest is derived: see `routeProblems`.
     */
    problems?: readonly ProblemStatus[];
    /** The route takes multipart/form-data with one file in this field (the published document says so). */
    multipartFile?: string;
    /** The form's other fields, as JSON Schema (`z.toJSONSchema` of the fields' zod schema). */
    /** A JSON answer sent as a download (Content-Disposition), as the export is. */
    download?: boolean;
    multipartFields?: { properties?: Record<string, unknown>; required?: string[] };
  }
}

/** What `routeProblems` reads from a route's definition. */
export interface RouteFacts {
  access: RouteAccess;
  allowWithoutTwoFactor: boolean;
  hasParams: boolean;
  hasQuery: boolean;
  /** A body schema, or a method whose requests carry one (a client may send bad JSON to any of them). */
  takesBody: boolean;
  /** Names of the request headers the route's schema declares (lower case). */
  headers: readonly string[];
  rateLimited: boolean;
  /** What a personal access token does there (token-access.ts). */
  personalTokens: 'accepted' | 'refused' | 'ignored';
  problems: readonly ProblemStatus[];
}

/**
 * The error answers a route can give, from how it is defined rather than listed by hand, so a new
 * route is documented as soon as it declares its schemas and access:
 * - 400 when it validates anything (params, query, body, headers); invalid JSON too when it has a body;
 * - 401 everywhere: no token, an expired one, a tempToken on a session route, and even on a public
 *   route a valid token sent with another session's X-Session-Id;
 * - 403 when an administrator without 2FA is refused (every signed-in route but the enrolment ones);
 * - 404 when it names a resource in its path;
 * - 409 when it honours X-Entity-Version (a stale version);
 * - 413 and 415 when it takes a body (size limit, only application/json);
 * - 429 with Retry-After when it is rate limited, or takes personal tokens (each has a budget);
 * - 403 too where a personal token is refused (a security route) or limited (a `read` token's write);
 * - 500 everywhere: an unexpected failure, answered with a bare problem document (S29);
 * - 503 with Retry-After everywhere: the database may be away;
 * plus the statuses the route lists in `config.problems`.
 */
export function routeProblems(route: RouteFacts): ProblemStatus[] {
  const statuses = new Set<ProblemStatus>([401, 500, 503, ...route.problems]);
  if (route.hasParams || route.hasQuery || route.takesBody || route.headers.length > 0) statuses.add(400);
  if (route.access !== 'public' && !route.allowWithoutTwoFactor) statuses.add(403);
  if (route.hasParams) statuses.add(404);
  if (route.headers.includes(ENTITY_VERSION_HEADER)) statuses.add(409);
  if (route.takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.rateLimited || route.personalTokens === 'accepted') statuses.add(429);
  if (route.personalTokens !== 'ignored') statuses.add(403);
  return PROBLEM_STATUSES.filter((status) => statuses.has(status));
}
