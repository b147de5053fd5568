import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../plugins/auth-guard.ts';
import {
  COMMON_HEADERS,
  headerRefs,
  problemComponents,
  problemResponseRef,
  type ResponseHeader,
} from './problem-components.ts';
import { routeProblems, type ProblemStatus } from './route-problems.ts';
import { tidySchemas } from './tidy-schemas.ts';
import { personalTokenUse } from '../modules/api-tokens/token-access.ts';

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; tags?: string[] };

/** Carries the derived error statuses from `transform` (per route) to `transformObject` (the whole document). */
const PROBLEMS_KEY = 'x-jalon-problems';
/** Marks an operation whose JSON answer is downloaded as a file (the export): it sends a file name too. */
const DOWNLOAD_KEY = 'x-jalon-download';

const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Liveness and database status',
  auth: 'Sign-in, sign-out, the signed-in user',
  'two-factor': 'TOTP enrolment, the sign-in code step, backup codes',
  password: 'Forgotten password: the e-mail and the reset',
  sessions: 'The signed-in devices: list, refresh, revoke',
  audit: 'The hash-chained audit journal: pages, search, trends, exports',
  projects: 'Projects',
  tasks: 'Tasks, and their delta reads for offline devices',
  comments: "A task's comments and their @mentions, and their delta reads for offline devices",
  dashboard: 'The home page and analytics',
  preferences: 'Display preferences',
  sync: 'Offline devices send their numbered operations',
  events: 'The live event stream',
  tokens: 'Personal access tokens for scripts and integrations',
  calendar: 'The calendar feed: a secret iCalendar address of one’s deadlines',
  search: 'Full-text search over tasks and projects',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const pascal = (word: string) =>
  word.replace(/(^|[-_.])(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase());

/**
 * A route without `schema.operationId` still gets a stable one from its method and path:
 * `POST /api/auth/login` → `postAuthLogin`, `GET /api/tasks/:id` → `getTasksById`.
 */
export const generatedOperationId = (method: string, url: string): string =>
  method.toLowerCase() +
  url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)))
    .join('');

const securityOf = (access: RouteAccess, url: string): Array<Record<string, string[]>> => {
  if (access === 'public') return [];
  if (access === 'cookie') return [{ sessionCookie: [] }];
  return personalTokenUse(access, url) === 'accepted'
    ? [{ bearer: [] }, { personalToken: [] }]
    : [{ bearer: [] }];
};

const jsonKeys = (schema: unknown): string[] =>
  schema && typeof schema === 'object' && 'properties' in schema
    ? Object.keys((schema as { properties: Json }).properties)
    : [];

/** A file answer (CSV, PDF…): any media type but JSON and the event stream. */
const isFileMedia = (media: string) => !/json|text\/event-stream/.test(media);

/** Adds the derived error answers and the headers each answer sends to one operation. */
function completeOperation(operation: Operation) {
  const problems = (operation[PROBLEMS_KEY] ?? []) as ProblemStatus[];
  delete operation[PROBLEMS_KEY];
  const download = operation[DOWNLOAD_KEY] === true;
  delete operation[DOWNLOAD_KEY];
  operation.parameters = [
    ...((operation.parameters as unknown[] | undefined) ?? []),
    { $ref: '#/components/parameters/SessionId' },
  ];
  const responses = (operation.responses ??= {});
  for (const response of Object.values(responses)) {
    const media = Object.keys((response.content as Json | undefined) ?? {});
    const headers: ResponseHeader[] = [
      ...COMMON_HEADERS,
      ...(download || media.some(isFileMedia) ? (['content-disposition'] as const) : []),
    ];
    response.headers = { ...headerRefs(headers), ...(response.headers as Json | undefined) };
  }
  // A status the route documents itself (the health check's 503) keeps its own answer.
  for (const status of problems) responses[status] ??= problemResponseRef(status);
}

/** @fastify/swagger options: the published document at /api/openapi.json, derived from the routes. */
export function openapiOptions(options: {
  publicUrl: string;
  cookieName: string;
  version: string;
}): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jalon API',
        version: options.version,
        description:
          'Projects, tasks and account security. Answers are `{ data: … }`; errors are RFC 9457 problem documents with a stable `code`.',
        // No licence has been chosen for Jalon yet: the document says so rather than invent one.
        license: { name: 'UNLICENSED (no licence granted yet)' },
      },
      servers: [{ url: options.publicUrl, description: 'This instance (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The session token of POST /api/auth/login (or a tempToken on the two-factor step)',
          },
          personalToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'jalon_pat_…',
            description:
              'A personal access token made on /me (POST /api/me/tokens): `Authorization: Bearer jalon_pat_…`. A `read` token may only read; no token reaches the security routes (sign-in, sessions, password, 2FA, passkeys, tokens, administration, audit)',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: options.cookieName,
            description: 'The session cookie set at sign-in; read by GET /api/events only',
          },
        },
      },
    },
    transform: (document) => {
      const { url, route } = document;
      // The web app's files and its catch-all, /metrics and the document itself are not API operations.
      if (!url.startsWith('/api/') || document.schema?.hide) return { schema: { hide: true }, url };
      const { schema } = jsonSchemaTransform(document) as unknown as { schema: Json };
      const method = String(route.method);
      const config = route.config ?? {};
      const access: RouteAccess = config.access ?? 'session';
      const problems = routeProblems({
        access,
        allowWithoutTwoFactor: config.allowWithoutTwoFactor === true,
        hasParams: jsonKeys(schema.params).length > 0,
        hasQuery: jsonKeys(schema.querystring).length > 0,
        takesBody: schema.body !== undefined || BODY_METHODS.has(method),
        headers: jsonKeys(schema.headers).map((name) => name.toLowerCase()),
        rateLimited: Boolean(config.rateLimit),
        personalTokens: personalTokenUse(access, url),
        problems: config.problems ?? [],
      });
      return {
        url,
        schema: {
          ...schema,
          // A multipart route validates its body itself, as it streams: the document still says what it takes.
          ...(config.multipartFile && {
            consumes: ['multipart/form-data'],
            body: {
              type: 'object',
              required: [config.multipartFile, ...(config.multipartFields?.required ?? [])],
              properties: {
                [config.multipartFile]: { type: 'string', format: 'binary' },
                ...config.multipartFields?.properties,
              },
            },
          }),
          operationId:
            typeof schema.operationId === 'string' ? schema.operationId : generatedOperationId(method, url),
          security: securityOf(access, url),
          [PROBLEMS_KEY]: problems,
          ...(config.download && { [DOWNLOAD_KEY]: true }),
        },
      };
    },
    transformObject: (documentObject) => {
      const openapiObject = (documentObject as { openapiObject: Json }).openapiObject;
      const document = openapiObject as Json & {
        paths: Record<string, Record<string, Operation>>;
        components: Json;
      };
      const tags = new Set<string>();
      for (const item of Object.values(document.paths)) {
        for (const method of HTTP_METHODS) {
          const operation = item[method];
          if (!operation) continue;
          completeOperation(operation);
          for (const tag of operation.tags ?? []) tags.add(tag);
        }
      }
      tidySchemas(document.paths);
      const components = problemComponents();
      return {
        ...document,
        tags: [...tags]
          .sort()
          .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} routes` })),
        components: {
          ...document.components,
          schemas: { ...(document.components.schemas as Json | undefined), ...components.schemas },
          responses: components.responses,
          headers: components.headers,
          parameters: components.parameters,
        },
      };
    },
  };
}
