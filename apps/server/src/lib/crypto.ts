import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque secret token: 32 random bytes (256 bits), base64url. Only its SHA-256 is ever stored. */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(sha256(a));
  const right = Buffer.from(sha256(b));
  return timingSafeEqual(left, right);
}
