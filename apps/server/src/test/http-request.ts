import http from 'node:http';

export interface HttpRequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The whole exchange; a server that never answers fails the request instead of the test's timeout. */
  timeoutMs?: number;
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON when the answer is JSON (problem documents included), the text otherwise. */
  body: unknown;
}

/**
 * One HTTP exchange on a fresh connection. No keep-alive on purpose: fault tests kill and restart
 * the server, and a pooled socket to a dead process would turn the next request into a spurious error.
 */
export function httpRequest(
  url: string,
  method: string,
  options: HttpRequestOptions = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const isJson = /json/.test(response.headers['content-type'] ?? '');
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: isJson && text ? JSON.parse(text) : text,
          });
        });
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`${method} ${url}: no answer within ${options.timeoutMs ?? 10_000} ms`)),
    );
    request.on('error', reject);
    request.end(payload);
  });
}
