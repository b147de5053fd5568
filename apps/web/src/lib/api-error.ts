import type { ErrorCode, Problem } from '@jalon/contract';
import type { PayloadSchema } from './api-client.ts';

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

  static fromResponse(status: number, body: unknown, problemSchema: PayloadSchema<Problem>): ApiError {
    const parsed = problemSchema.safeParse(body);
    if (parsed.success) return new ApiError('http', parsed.data.detail, { status, problem: parsed.data });
    return new ApiError('http', `HTTP ${status}`, { status });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
