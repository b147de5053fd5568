import { describe, expect, it } from 'vitest';
import { contractChecks } from './contract-checks.ts';
import { classifyBatchResponse } from './transport.ts';

const answer = { applied: [], conflicts: [], lastSeq: 3, changeSeq: 9 };

describe('classifyBatchResponse', () => {
  it('parses a 200 answer, and retries one that does not parse', async () => {
    expect(await classifyBatchResponse({ status: 200, body: answer }, contractChecks)).toEqual({
      kind: 'answer',
      answer,
    });
    expect(await classifyBatchResponse({ status: 200, body: { applied: 'x' } }, contractChecks)).toEqual({
      kind: 'retry',
    });
  });

  it('retries 5xx and 429', async () => {
    for (const status of [500, 502, 503, 429])
      expect(await classifyBatchResponse({ status, body: null }, contractChecks)).toEqual({ kind: 'retry' });
  });

  it('pauses on 401', async () => {
    expect(
      await classifyBatchResponse({ status: 401, body: { code: 'unauthorized' } }, contractChecks),
    ).toEqual({ kind: 'pause', reason: 'unauthorized' });
  });

  it('reads out_of_order with the server lastSeq', async () => {
    expect(
      await classifyBatchResponse(
        { status: 409, body: { code: 'out_of_order', lastSeq: 4 } },
        contractChecks,
      ),
    ).toEqual({ kind: 'outOfOrder', lastSeq: 4 });
  });

  it('pauses on the refusals retrying cannot cure', async () => {
    expect(
      await classifyBatchResponse({ status: 409, body: { code: 'wrong_user' } }, contractChecks),
    ).toEqual({ kind: 'pause', reason: 'wrong_user' });
    expect(
      await classifyBatchResponse({ status: 409, body: { code: 'client_unknown' } }, contractChecks),
    ).toEqual({ kind: 'pause', reason: 'client_unknown' });
    expect(
      await classifyBatchResponse({ status: 409, body: { code: 'upgrade_required' } }, contractChecks),
    ).toEqual({ kind: 'pause', reason: 'upgrade_required' });
    expect(
      await classifyBatchResponse({ status: 409, body: { code: 'out_of_order' } }, contractChecks),
    ).toEqual({ kind: 'pause', reason: 'refused' });
    expect(await classifyBatchResponse({ status: 400, body: 'nonsense' }, contractChecks)).toEqual({
      kind: 'pause',
      reason: 'refused',
    });
  });
});
