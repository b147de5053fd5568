import type { RateLimitOptions } from '@fastify/rate-limit';
import { PROBLEM_DETAILS } from '@jalon/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The per-IP limit on the sign-in steps (password, second factor), across accounts (S06). Beyond it the
 * answer says what the per-account lockout says (a 429 on login reads "Too many login attempts"), so
 * neither limit tells more than the other. It keeps its own code, `rate_limited`: no
 * account is locked, so there is no `lockedUntil` to show.
 */
export const loginIpLimit = (login: Config['login']): RateLimitOptions => ({
  max: login.ipMax,
  timeWindow: login.ipWindowMs,
  errorResponseBuilder: () => new AppError(429, 'rate_limited', PROBLEM_DETAILS.tooManyLogins),
});
