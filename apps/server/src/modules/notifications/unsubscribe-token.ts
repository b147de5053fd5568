import { timingSafeEqual } from 'node:crypto';
import { CANONICAL_UUID } from '@jalon/contract';
import type { SecretBox } from '../../lib/secret-box.ts';

/** What the token's keyed hash covers besides the person: it unsubscribes and proves nothing else. */
const PURPOSE = 'notifications.unsubscribe';

/**
 * The one-click unsubscribe token of a person's notification mails (RFC 8058): their id and a keyed hash
 * of it with the server's secret, so it needs no session and cannot be made for someone else. It only
 * turns their mail off, which they can turn on again from /me.
 */
export const unsubscribeToken = (box: SecretBox, userId: string): string =>
  `${userId}.${box.keyedHash(`${PURPOSE}:${userId}`)}`;

/** The person a token is for, or null when it was not made with this server's secret. */
export function unsubscribeTokenUser(box: SecretBox, token: string): string | null {
  const [userId, mac] = token.split('.');
  if (!userId || !mac || !CANONICAL_UUID.test(userId)) return null;
  const expected = Buffer.from(box.keyedHash(`${PURPOSE}:${userId}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
