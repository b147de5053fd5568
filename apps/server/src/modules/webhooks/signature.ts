import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers of one message: `webhook-signature` is `v1,` and the base64 HMAC-SHA256,
 * keyed with the secret's bytes, of `<id>.<timestamp in seconds>.<body>`. A receiver checks it with the
 * `standardwebhooks` library (docs/guides/api.md) and refuses a timestamp far from its clock (replays).
 */
export function signedHeaders(
  secret: string,
  message: { id: string; timestamp: Date; body: string },
): Record<string, string> {
  const seconds = Math.floor(message.timestamp.getTime() / 1000).toString();
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${message.id}.${seconds}.${message.body}`)
    .digest('base64');
  return {
    'webhook-id': message.id,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${signature}`,
  };
}
