import { z } from 'zod';
import { ENTITY_VERSION_HEADER } from './http.ts';

/** A version as X-Entity-Version carries it: a whole number, at most nine digits. */
export const ENTITY_VERSION_PATTERN = /^\d{1,9}$/;

/**
 * The request headers of a write that honours X-Entity-Version (absent: last write wins). Declared on
 * the route, so the published document lists the header and the route's 409.
 */
export const entityVersionHeadersSchema = z.looseObject({
  [ENTITY_VERSION_HEADER]: z
    .string()
    .regex(ENTITY_VERSION_PATTERN)
    .optional()
    .describe('The version the write is based on; a stale one answers 409'),
});
