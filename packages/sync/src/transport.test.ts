import { describe, expect, it } from 'vitest';
import { classifyBatchResponse } from './transport.ts';

const answer = { applied: [], conflicts: [], lastSeq: 3, changeSeq: 9 };

describe('classifyBatchResponse', () => {
  it('parses a 200 answer, and retries one that does not parse', () => {
    expect(classifyBatchResponse({ status: 200, body: answer })).toEqual({ kind: 'answer', answer });
    expect(classifyBatchResponse({ status: 200, body: { applied: 'x' } })).toEqual({ kind: 'retry' });
  });

  it('retries 5xx and 429', () => {
    for (const status of [500, 502, 503, 429]) expect(classifyBatchResponse({ status, body: null })).toEqual({ kind: 'retry' });
  });

  it('pauses on 401', () => {
    expect(classifyBatchResponse({ status: 401, body: { code: 'unauthorized' } })).toEqual({ kind: 'pause', reason: 'unauthorized' });
  });

  it('reads out_of_order with the server lastSeq', () => {
    expect(classifyBatchResponse({ status: 409, body: { code: 'out_of_order', lastSeq: 4 } })).toEqual({ kind: 'outOfOrder', lastSeq: 4 });
  });

  it('pauses on the refusals retrying cannot cure', () => {
    expect(classifyBatchResponse({ status: 409, body: { code: 'wrong_user' } })).toEqual({ kind: 'pause', reason: 'wrong_user' });
    expect(classifyBatchResponse({ status: 409, body: { code: 'client_unknown' } })).toEqual({ kind: 'pause', reason: 'client_unknown' });
    expect(classifyBatchResponse({ status: 409, body: { code: 'upgrade_required' } })).toEqual({ kind: 'pause', reason: 'upgrade_required' });
    expect(classifyBatchResponse({ status: 409, body: { code: 'out_of_order' } })).toEqual({ kind: 'pause', reason: 'refused' });
    expect(classifyBatchResponse({ status: 400, body: 'nonsense' })).toEqual({ kind: 'pause', reason: 'refused' });
  });
});
