import { z } from 'zod';

export const healthSchema = z.object({
  /** `degraded` (answered with 503, so a load balancer takes the instance out) once the database has not answered for a few seconds. */
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgresql']),
    version: z.string(),
    /** Result of the last background probe; the health route itself never waits on the database. */
    reachable: z.boolean(),
    /** When the last probe ended (answered, failed or timed out). */
    checkedAt: z.string(),
  }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
