import { z } from 'zod';

/** Every successful answer wraps its payload in `data` (DESIGN §4). */
export const envelope = <T extends z.ZodType>(payload: T) => z.object({ data: payload });
export type Envelope<T> = { data: T };
