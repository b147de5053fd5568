import type { ErrorCode, FieldError } from '@jalon/contract';

export interface ProblemExtensions {
  errors?: FieldError[];
  attemptsRemaining?: number;
  lockedUntil?: string;
  requires2FA?: boolean;
  reason?: string;
  server?: unknown;
  serverVersion?: number;
  client?: unknown;
  clientVersion?: number;
  /** Sync `out_of_order`: the last operation number processed for the device. */
  lastSeq?: number;
  /** Response headers that go with the problem (Retry-After). */
  headers?: Record<string, string>;
}

/** An error a service throws on purpose; the error handler turns it into a problem document. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extensions: ProblemExtensions = {},
  ) {
    super(detail);
  }
}

export const notFound = (what = 'Resource'): AppError => new AppError(404, 'not_found', `${what} not found`);
