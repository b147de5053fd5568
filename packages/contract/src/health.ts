import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgresql']),
    version: z.string(),
    /** Result of the last background probe; the health route itself never waits on the database. */
    reachable: z.boolean(),
    checkedAt: z.string(),
  }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
