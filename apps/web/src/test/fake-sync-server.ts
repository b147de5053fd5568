import type { SyncBatchRequest, SyncBatchResponse } from '@jalon/contract';
import { isTmpId, stripTmpPrefix } from '@jalon/contract/plain';
import type { BatchTransport, TransportResponse } from '@jalon/sync';

/**
 * A test server that only keeps what "nothing lost, nothing doubled" is judged by: every `seq` that
 * reached it, and those it applied (each once, in order, as docs/sync-protocol.md says). A resend is answered again
 * with the same result; a gap is refused with `out_of_order`. One device only.
 */
export class FakeSyncServer {
  readonly received: number[] = [];
  readonly applied: number[] = [];
  private lastSeq = 0;

  batch(request: SyncBatchRequest): TransportResponse {
    const first = request.operations[0]?.seq ?? 0;
    if (first > this.lastSeq + 1)
      return { status: 409, body: { code: 'out_of_order', lastSeq: this.lastSeq } };
    for (const { seq } of request.operations) {
      this.received.push(seq);
      if (seq === this.lastSeq + 1) this.applied.push((this.lastSeq = seq));
    }
    const answer: SyncBatchResponse = {
      applied: request.operations.map(({ seq, entity, id, version }) => ({
        seq,
        entity,
        id: stripTmpPrefix(id),
        ...(isTmpId(id) && { tmpId: id }),
        version: version + 1,
      })),
      conflicts: [],
      lastSeq: this.lastSeq,
      changeSeq: this.lastSeq,
    };
    return { status: 200, body: answer };
  }

  readonly send: BatchTransport = async (request) => this.batch(request);
}
