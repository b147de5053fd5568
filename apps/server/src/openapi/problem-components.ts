import { z } from 'zod';
import { problemSchema, SESSION_HEADERS } from '@jalon/contract';
import type { ProblemStatus } from './route-problems.ts';

type Json = Record<string, unknown>;

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Response headers, declared once and referred to by each answer that sends them. */
export const HEADER_COMPONENTS: Record<string, Json> = {
  RequestId: {
    description: 'The request id, also in the problem document and every log line of the request',
    schema: { type: 'string' },
  },
  SessionId: {
    description: 'Sent on every answer to a request with a valid session: its id',
    schema: { type: 'string' },
  },
  SessionExpiresAt: {
    description:
      'Sent on every answer to a request with a valid session: when it expires (it slides with each request)',
    schema: { type: 'string', format: 'date-time' },
  },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
  ContentDisposition: {
    description: 'attachment; filename="…": the name to save the file under',
    schema: { type: 'string' },
  },
};

/** The headers of an answer, by name as sent (lower case), each a reference to its component. */
export const RESPONSE_HEADERS = {
  'x-request-id': 'RequestId',
  [SESSION_HEADERS.sessionId]: 'SessionId',
  [SESSION_HEADERS.expiresAt]: 'SessionExpiresAt',
  'retry-after': 'RetryAfter',
  'content-disposition': 'ContentDisposition',
} as const;
export type ResponseHeader = keyof typeof RESPONSE_HEADERS;

export const headerRefs = (names: readonly ResponseHeader[]) =>
  Object.fromEntries(names.map((name) => [name, ref('headers', RESPONSE_HEADERS[name])]));

/** The headers every answer may carry: the request id, and the session's when the request had one. */
export const COMMON_HEADERS: readonly ResponseHeader[] = [
  'x-request-id',
  SESSION_HEADERS.sessionId,
  SESSION_HEADERS.expiresAt,
];

const PROBLEM_RESPONSES: Record<
  ProblemStatus,
  { name: string; description: string; headers?: readonly ResponseHeader[] }
> = {
  400: {
    name: 'BadRequest',
    description:
      'The request is not valid (`validation_failed` with `errors`, `invalid_json`, or a domain code)',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No valid credentials: `unauthorized`, `session_expired`, `two_factor_required` (a tempToken), `invalid_credentials`',
    // Nobody is signed in on a 401: no session headers.
    headers: ['x-request-id'],
  },
  403: {
    name: 'Forbidden',
    description: '`forbidden`, or `two_factor_enrolment_required` for an administrator without 2FA',
  },
  404: { name: 'NotFound', description: 'No such resource, or one the caller may not see' },
  409: {
    name: 'Conflict',
    description:
      'A stale `X-Entity-Version` (`version_conflict` with `server`, `serverVersion`, `reason`), or another state conflict',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the limit' },
  415: { name: 'UnsupportedMediaType', description: 'Bodies must be application/json' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests: wait as Retry-After says',
    headers: [...COMMON_HEADERS, 'retry-after'],
  },
  500: {
    name: 'InternalError',
    description: 'An unexpected failure: `internal_error`, nothing more (the request id finds it in the log)',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database is unavailable: retry as Retry-After says',
    headers: [...COMMON_HEADERS, 'retry-after'],
  },
};

export const problemResponseRef = (status: ProblemStatus) => ref('responses', PROBLEM_RESPONSES[status].name);

/** RFC 9457 problem details as the error handler writes them (the contract's `problemSchema`). */
function problemJsonSchema(): Json {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(problemSchema, {
    target: 'draft-2020-12',
    io: 'output',
  }) as Json;
  return {
    ...schema,
    description: 'An RFC 9457 problem document; `code` is stable, `detail` is English for logs',
  };
}

/** `components` entries the generated operations refer to. */
export function problemComponents() {
  return {
    schemas: { Problem: problemJsonSchema() },
    headers: HEADER_COMPONENTS,
    parameters: {
      SessionId: {
        name: 'X-Session-Id',
        in: 'header',
        required: false,
        description:
          'The session the client believes it holds (from x-session-id); another one than the token’s answers 401 session_expired',
        schema: { type: 'string' },
      },
    },
    responses: Object.fromEntries(
      Object.values(PROBLEM_RESPONSES).map(({ name, description, headers }) => [
        name,
        {
          description,
          headers: headerRefs(headers ?? COMMON_HEADERS),
          content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
        },
      ]),
    ),
  };
}
