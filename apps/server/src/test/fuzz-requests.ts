import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sample } from 'openapi-sampler';

/**
 * Requests for one operation of the published OpenAPI document, for the fuzz pass (openapi-fuzz.test.ts):
 * a valid body from openapi-sampler, then up to three of its values (or the body itself, or a property
 * name) replaced by something hostile: text the database cannot store, huge or deeply nested values,
 * wrong types, ids in another case. Bodies are written as JSON text, so that lone surrogates and nesting
 * 10,000 deep reach the server exactly as a client could send them.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Ids of rows that exist, so that generated requests also reach the code behind the lookups. */
export interface KnownIds {
  userId: string;
  projectId: string;
  taskId: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** JSON text, or undefined for no body. */
  body: string | undefined;
  /** What was changed, for the failure message. */
  mutations: string[];
}

type Body = { text: string | undefined; mutations: string[] };

const deep = (depth: number, open: string, close: string, inner: string) =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Hostile JSON values, as the text a client would send. */
const hostileValues = (ids: KnownIds): string[] => [
  '"\\u0000"',
  '"avant\\u0000après"',
  '"\\ud800"',
  '"fin \\udfff"',
  '"\\udc00\\ud800"',
  `"${'x'.repeat(70_000)}"`,
  deep(10_000, '[', ']', ''),
  deep(2_000, '{"a":', '}', '1'),
  '12345678901234567890',
  '-1',
  '1.5',
  '1e308',
  'true',
  'null',
  '{}',
  '[]',
  '""',
  '"pas-un-id"',
  `"${ids.taskId.toUpperCase()}"`,
  `"${ids.projectId.toUpperCase()}"`,
  `"TMP-${ids.taskId}"`,
  `"tmp-${ids.taskId.toUpperCase()}"`,
  '"0000-02-30T25:61:00Z"',
  '"10000-01-01T00:00:00Z"',
];

/** Whole bodies that are not what any route expects. */
const hostileBodies = [
  'null',
  '[]',
  '"x"',
  '{',
  '',
  '{"__proto__":{"admin":true}}',
  deep(10_000, '[', ']', ''),
];

/** Query and path values, already percent-encoded (a lone surrogate has no UTF-8 form, only raw bytes). */
const hostileParameters = (ids: KnownIds): string[] => [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  'x'.repeat(3_000),
  ids.taskId.toUpperCase(),
  ids.projectId.toUpperCase(),
  'pas-un-id',
  '-1',
  '1e308',
  '%5B%5D',
  '..%2F..%2Fetc',
];

/** The values the sampler cannot guess, set to real ones (a batch's user, a task's project). */
function realistic(value: unknown, ids: KnownIds): unknown {
  if (Array.isArray(value)) return value.map((item) => realistic(item, ids));
  if (value === null || typeof value !== 'object') return value;
  const known: Record<string, unknown> = {
    userId: ids.userId,
    project: ids.projectId,
    projectId: ids.projectId,
    assignee: ids.userId,
    schemaVersion: 1,
    clientId: randomUUID(),
  };
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key in known ? known[key] : realistic(item, ids)]),
  );
}

/** Every place in a value that a mutation can replace: the value itself, each property and item. */
function pathsOf(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [path];
  const children = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return [path, ...children.flatMap(([key, item]) => pathsOf(item, [...path, key]))];
}

function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy: Json = Array.isArray(value) ? [...value] : { ...(value as Json) };
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

/** The id a path parameter names, chosen by what the path is about. */
function realIdFor(path: string, ids: KnownIds): string {
  if (path.includes('/tasks/')) return ids.taskId;
  if (path.includes('/projects/')) return ids.projectId;
  return ids.userId;
}

const resolve = (document: Json, schema: Json | undefined): Json | undefined =>
  schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;

/** Requests for one operation: its sample, with parameters and body values swapped for hostile ones. */
export function fuzzRequests(
  document: Json,
  method: string,
  path: string,
  operation: Json,
  ids: KnownIds,
): fc.Arbitrary<FuzzRequest> {
  const parameters = (operation.parameters ?? []) as Json[];
  const sampled = (schema: Json | undefined) =>
    sample((resolve(document, schema) ?? {}) as never, { skipReadOnly: true, quiet: true }, document);
  const parameterValue = (parameter: Json) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constant(
          parameter.in === 'path' && parameter.schema?.format === 'uuid'
            ? realIdFor(path, ids)
            : encodeURIComponent(String(sampled(parameter.schema))),
        ),
      },
      { weight: 2, arbitrary: fc.constantFrom(...hostileParameters(ids)) },
    );
  const pathValues = fc.tuple(
    ...parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) =>
        parameterValue(parameter).map((value) => [parameter.name as string, value] as const),
      ),
  );
  const queryValues = fc.tuple(
    ...parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) =>
        fc
          .option(parameterValue(parameter), { nil: undefined })
          .map((value) => [parameter.name as string, value] as const),
      ),
  );

  const bodySchema = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;
  const base = bodySchema ? realistic(sampled(bodySchema), ids) : undefined;
  const paths = base === undefined ? [] : pathsOf(base);
  const valueMutation = fc.record({
    at: fc.constantFrom(...(paths.length ? paths : [[]])),
    value: fc.constantFrom(...hostileValues(ids)),
  });
  const body: fc.Arbitrary<Body> =
    base === undefined
      ? fc.constant<Body>({ text: undefined, mutations: [] })
      : fc.oneof(
          {
            weight: 1,
            arbitrary: fc.constant<Body>({ text: JSON.stringify(base), mutations: ['the sample'] }),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...hostileBodies)
              .map((text) => ({ text, mutations: [`body ${text.slice(0, 40)}`] })),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom('"\\ud800"', '"a\\u0000"', '"version"', '"__proto__"').map((key) => ({
              text: JSON.stringify(base).replace(
                /^\{/,
                `{${key}:1${base && typeof base === 'object' && Object.keys(base).length ? ',' : ''}`,
              ),
              mutations: [`property name ${key}`],
            })),
          },
          {
            weight: 6,
            arbitrary: fc
              .array(valueMutation, { minLength: 1, maxLength: 3 })
              .map((mutations) => mutate(base, mutations)),
          },
        );

  return fc
    .record({ pathValues, queryValues, body })
    .map(({ pathValues: pathParts, queryValues: queryParts, body: { text, mutations } }) => {
      let url = path;
      for (const [name, value] of pathParts) url = url.replace(`{${name}}`, value);
      const query = queryParts
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}=${value}`);
      return {
        method: method.toUpperCase(),
        url: query.length ? `${url}?${query.join('&')}` : url,
        body: text,
        mutations: [
          ...mutations,
          ...pathParts.map(([name, value]) => `${name}=${value.slice(0, 40)}`),
          ...query.map((part) => part.slice(0, 60)),
        ],
      };
    });
}

/** The sample with each chosen place replaced by its hostile JSON text (placeholders swapped in the text). */
function mutate(
  base: unknown,
  mutations: Array<{ at: Array<string | number>; value: string }>,
): { text: string; mutations: string[] } {
  let value = base;
  mutations.forEach(
    (mutation, index) => void (value = setAt(value, mutation.at, `\u0001fuzz${index}\u0001`)),
  );
  let text = JSON.stringify(value);
  mutations.forEach(
    (mutation, index) => void (text = text.replace(`"\\u0001fuzz${index}\\u0001"`, () => mutation.value)),
  );
  return {
    text,
    mutations: mutations.map(
      (mutation) => `${mutation.at.join('.') || '(body)'} = ${mutation.value.slice(0, 40)}`,
    ),
  };
}
