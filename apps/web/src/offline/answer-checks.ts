import type { AnswerChecks } from '@jalon/sync';
import { contractSchema } from '../lib/contract-check/answer-check.ts';
import { checkPayload } from '../lib/contract-check/check-payload.ts';

/** The sync core's answer checks, run by the page's checking worker (decision 0042) like every API answer. */
export const pageChecks: AnswerChecks = {
  batchAnswer: async (body) => {
    const checked = await checkPayload(contractSchema('syncBatchResponseSchema'), body);
    return checked.ok ? checked.data : null;
  },
  refusal: async (body) => {
    const checked = await checkPayload(contractSchema('syncRefusalSchema'), body);
    return checked.ok ? checked.data : null;
  },
};
