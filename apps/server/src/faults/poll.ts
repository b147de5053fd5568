import type { HttpAnswer } from '../test/http-request.ts';

/** Asks `probe` every 200 ms until `done` holds for its answer; fails with the last answer after `timeoutMs`. */
export async function until(
  probe: () => Promise<HttpAnswer>,
  done: (answer: HttpAnswer) => boolean,
  timeoutMs: number,
): Promise<HttpAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (done(answer)) return answer;
    if (Date.now() > deadline)
      throw new Error(`Still ${answer.status} ${JSON.stringify(answer.body)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
