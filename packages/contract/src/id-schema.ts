import { z } from 'zod';
import { CANONICAL_UUID } from './ids.ts';

/** Every id a request names (path, query, body, reference): a UUID in lower case, the only spelling accepted. */
export const idSchema = z.string().regex(CANONICAL_UUID, 'A UUID in lower case').meta({ format: 'uuid' });
