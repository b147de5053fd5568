import { syncBatchResponseSchema, syncRefusalSchema } from '@jalon/contract';
import type { AnswerChecks } from './transport.ts';

/** The answer checks run in place with the contract's schemas, where zod's cost on the thread does not matter. */
export const contractChecks: AnswerChecks = {
  batchAnswer: async (body) => {
    const parsed = syncBatchResponseSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  },
  refusal: async (body) => {
    const parsed = syncRefusalSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  },
};
