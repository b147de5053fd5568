import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { RESPONSE_HEADERS } from '../openapi/problem-components.ts';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  responses?: Record<string, Json>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Json>; headers?: Record<string, Json> };
}

interface PathTemplate {
  template: string;
  pattern: RegExp;
  /** Static segments: Fastify prefers `/audit/logs/trends` to `/audit/logs/{id}`, and so does the lookup. */
  staticSegments: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = (...parts: string[]) =>
  '#/' + parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The document describes an answer's media type without parameters (`text/csv; charset=utf-8` is `text/csv`). */
const mediaType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

export class UndocumentedAnswerError extends Error {
  override name = 'UndocumentedAnswerError';
}

/**
 * Checks an `inject` answer against the published OpenAPI document: its status must be documented for
 * the operation the request reached, its media type too, a JSON body must match that answer's schema,
 * and each API header it sends (session, Retry-After, Content-Disposition…) must be declared. The error
 * names the operation, the status and the field, so a route merged without its documentation is found
 * by the first test that calls it.
 */
export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly templates: PathTemplate[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as unknown as Json, 'openapi');
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template
            .split(/\{[^}]+\}/)
            .map(escape)
            .join('[^/]+')}$`,
        ),
        staticSegments: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
      }))
      .sort((a, b) => b.staticSegments - a.staticSegments);
  }

  /** Throws `UndocumentedAnswerError` when the document does not describe this answer. */
  check(response: LightMyRequestResponse): void {
    const method = (response.raw.req.method ?? 'GET').toLowerCase();
    const url = response.raw.req.url ?? '/';
    const path = url.split('?')[0]!;
    if (!path.startsWith('/api/') || path === '/api/openapi.json') return;
    const status = response.statusCode;
    // Fastify's HEAD twin of a GET answers like the GET, without a body.
    const operationMethod = method === 'head' ? 'get' : method;
    const found = this.templates.find(
      (candidate) =>
        candidate.pattern.test(path) && this.document.paths[candidate.template]![operationMethod],
    );
    const request = `${method.toUpperCase()} ${url}`;
    if (!found) {
      // No such operation: the not-found handler's problem document is the only possible answer.
      if (status !== 404)
        this.fail(`${request}: no operation of the document matches this request, yet it answered ${status}`);
      const media = mediaType(response.headers['content-type']);
      if (media !== 'application/problem+json')
        this.fail(`${request} answered 404 as ${media}, not a problem document`);
      this.checkBody(response, request, `no operation (${request})`, 'application/problem+json', {
        $ref: 'openapi#/components/schemas/Problem',
      });
      return;
    }
    const operation = this.document.paths[found.template]![operationMethod]!;
    const name = `${operationMethod.toUpperCase()} ${found.template} (${operation.operationId ?? 'no operationId'})`;
    const documented = operation.responses ?? {};
    const entry = documented[String(status)] ? String(status) : documented.default ? 'default' : null;
    if (!entry) {
      this.fail(
        `${name} answered ${status}, which the document does not describe (documented: ${Object.keys(documented).join(', ')}). ` +
          `Request: ${request}. Body: ${response.body.slice(0, 300)}`,
      );
    }
    const answer = this.resolve(documented[entry!]!);
    // Where the answer's schema lives in the document, for Ajv: inline, or a shared problem answer.
    const answerRef = `openapi${
      '$ref' in documented[entry!]!
        ? String(documented[entry!]!.$ref)
        : pointer('paths', found.template, operationMethod, 'responses', entry!)
    }`;

    const declared = new Set(
      Object.keys((answer.headers as Json | undefined) ?? {}).map((header) => header.toLowerCase()),
    );
    for (const header of Object.keys(RESPONSE_HEADERS)) {
      if (response.headers[header] !== undefined && !declared.has(header)) {
        this.fail(
          `${name} answered ${status} with the header ${header}, which the document does not declare for that answer. Request: ${request}`,
        );
      }
    }
    if (method === 'head') return;
    const content = (answer.content as Record<string, Json> | undefined) ?? {};
    const media = mediaType(response.headers['content-type']);
    if (response.rawPayload.length === 0 && Object.keys(content).length === 0) return;
    // A file answer of any type (an attached file) is documented as `*/*`.
    const documentedMedia = content[media] ? media : content['*/*'] ? '*/*' : null;
    if (!documentedMedia) {
      this.fail(
        `${name} answered ${status} as ${media || 'no content type'}, which the document does not describe (documented: ${Object.keys(content).join(', ') || 'no body'}). Request: ${request}`,
      );
    }
    this.checkBody(response, request, `${name} answered ${status}`, media, {
      $ref: `${answerRef}/content/${pointer(documentedMedia!).slice(2)}/schema`,
    });
  }

  /** Only JSON bodies are checked field by field; file answers and streams by their media type alone. */
  private checkBody(
    response: LightMyRequestResponse,
    request: string,
    what: string,
    media: string,
    schema: Json,
  ) {
    if (!/json/.test(media)) return;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      this.fail(`${what} with a body that is not JSON. Request: ${request}`);
    }
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(key, validate);
    }
    if (!validate(body)) {
      const fields = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (error) =>
            `${error.instancePath || '(body)'} ${error.message ?? 'invalid'}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
        );
      this.fail(
        `${what} with a body the document does not describe: ${fields.join('; ')}. Request: ${request}`,
      );
    }
  }

  /** A `$ref` to `#/components/responses/…` (the shared problem answers), followed. */
  private resolve(answer: Json): Json {
    const target = answer.$ref;
    if (typeof target !== 'string') return answer;
    const name = target.replace('#/components/responses/', '');
    const resolved = this.document.components?.responses?.[name];
    if (!resolved) this.fail(`the document refers to ${target}, which it does not define`);
    return resolved!;
  }

  private fail(message: string): never {
    throw new UndocumentedAnswerError(`OpenAPI: ${message}`);
  }
}
