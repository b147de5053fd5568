import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { ResponseValidator } from '../test/response-validator.ts';
import { openapiOptions } from './openapi-document.ts';

// A route merged without its documentation must fail the test that calls it, saying what is missing.
let app: FastifyInstance;
let validator: ResponseValidator;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(
    swagger,
    openapiOptions({ publicUrl: 'http://localhost:3000', cookieName: 'jalon_session', version: 'test' }),
  );
  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      const typed = api.withTypeProvider<ZodTypeProvider>();
      typed.get(
        '/things/:id',
        {
          config: { access: 'public' },
          schema: {
            tags: ['things'],
            params: z.object({ id: z.string() }),
            response: { 200: z.object({ data: z.object({ n: z.number() }) }) },
          },
        },
        async (request, reply) => {
          const untyped = reply as FastifyReply;
          if (request.params.id === 'teapot')
            return untyped.code(418).type('application/problem+json').send('{}');
          if (request.params.id === 'text')
            return untyped.type('application/json').send('{"data":{"n":"seven"}}');
          if (request.params.id === 'file')
            return untyped.header('content-disposition', 'attachment').send({ data: { n: 1 } });
          return { data: { n: 7 } };
        },
      );
    },
    { prefix: '/api' },
  );
  await app.ready();
  validator = new ResponseValidator((await app.inject('/api/openapi.json')).json());
});
afterAll(() => app.close());

const answer = (url: string) => app.inject({ method: 'GET', url });

describe('the response validator of the server tests', () => {
  it('accepts an answer the document describes', async () => {
    const response = await answer('/api/things/7');
    expect(response.statusCode).toBe(200);
    expect(() => validator.check(response)).not.toThrow();
  });

  it('names the operation and the status of an undocumented answer', async () => {
    const response = await answer('/api/things/teapot');
    expect(() => validator.check(response)).toThrow(
      /OpenAPI: GET \/api\/things\/\{id\} \(getThingsById\) answered 418, which the document does not describe \(documented: 200, 400, 401, 404, 500, 503\)/,
    );
  });

  it('names the field of a body the document does not describe', async () => {
    const response = await answer('/api/things/text');
    expect(() => validator.check(response)).toThrow(
      /getThingsById\) answered 200 with a body the document does not describe: \/data\/n must be number/,
    );
  });

  it('names a header the answer sends but the document does not declare', async () => {
    const response = await answer('/api/things/file');
    expect(() => validator.check(response)).toThrow(
      /answered 200 with the header content-disposition, which the document does not declare/,
    );
  });

  it('lets an unknown route answer only the not-found problem', async () => {
    const response = await answer('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(() => validator.check(response)).not.toThrow();
  });
});
