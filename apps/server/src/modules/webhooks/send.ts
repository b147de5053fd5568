import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '@jalon/contract';
import { resolveTarget, TargetRefused, type TargetPolicy } from './target-guard.ts';

/** One attempt's result, as 'Journal des envois' shows it. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * POSTs a signed message once. The target is checked and resolved now (at send time: a name may point
 * elsewhere since the webhook was saved), and the socket connects to the address that was checked. No
 * redirect is followed (a 3xx is a failure), the whole attempt has `timeoutMs`, and at most 64 kB of
 * the answer is read. Only a 2xx is a delivery.
 */
export async function sendOnce(
  target: string,
  headers: Record<string, string>,
  body: string,
  policy: TargetPolicy,
  timeoutMs: number = WEBHOOK_LIMITS.timeoutMs,
): Promise<SendResult> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  let resolved;
  let resolving: NodeJS.Timeout | undefined;
  try {
    // The name's resolution counts in the attempt's time: a resolver that does not answer is a timeout.
    resolved = await Promise.race([
      resolveTarget(target, policy),
      new Promise<never>((_resolve, reject) => {
        resolving = setTimeout(
          () => reject(new TargetRefused(`No answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    if (error instanceof TargetRefused)
      return { ok: false, status: null, durationMs: elapsed(), error: error.message };
    throw error;
  } finally {
    clearTimeout(resolving);
  }
  const { url, address, family } = resolved;
  // The name was resolved and checked above; the connection uses that answer, never a second lookup.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Jalon-Webhooks',
      },
    });
    const timer = setTimeout(
      () => finish({ ok: false, status: null, error: `No answer within ${timeoutMs} ms` }),
      Math.max(0, timeoutMs - elapsed()),
    );
    request.on('error', (error) => finish({ ok: false, status: null, error: error.message }));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => {
        if (status >= 200 && status < 300) finish({ ok: true, status, error: null });
        else if (status >= 300 && status < 400)
          finish({
            ok: false,
            status,
            error: `Redirect to ${response.headers.location ?? '?'} not followed`,
          });
        else finish({ ok: false, status, error: `Answered ${status}` });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough read: the rest of the answer is of no use, and a huge one must not fill the memory.
        if (read >= WEBHOOK_LIMITS.maxResponseBytes) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
