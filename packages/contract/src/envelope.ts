import { z } from 'zod';

/** Every successful answer wraps its payload in `data`, so metadata can sit beside it without breaking clients. */
export const envelope = <T extends z.ZodType>(payload: T) => z.object({ data: payload });
export type Envelope<T> = { data: T };
