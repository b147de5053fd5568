import type { ErrorCode, Problem } from '@jalon/contract';

/**
 * - network: no answer at all (server down, DNS, CORS, offline);
 * - http: the server answered with an error status (problem details when it sent them);
 * - invalid_response: a success whose body does not match the contract;
 * - session_expired: the stored expiry had passed, so the call was not even sent.
 */
export type ApiErrorKind = 'network' | 'http' | 'invalid_response' | 'session_expired';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly problem: Problem | null;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: { status?: number; problem?: Problem; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.problem = options.problem ?? null;
  }

  get code(): ErrorCode | null {
    return this.problem?.code ?? null;
  }

  /** An error answer; `problem` is its body when that is a problem document of the contract. */
  static fromResponse(status: number, problem: Problem | null): ApiError {
    if (problem) return new ApiError('http', problem.detail, { status, problem });
    return new ApiError('http', `HTTP ${status}`, { status });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
