import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq, lt } from 'drizzle-orm';
import { AUDIT_TYPES } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { passkeys } from '../../db/schema.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';

/** A passkey's answer to a challenge, checked: the key it names and why it was refused, if it was. */
export interface CheckedAssertion {
  stored: typeof passkeys.$inferSelect | undefined;
  failure: 'unknown' | 'invalid' | 'cloned' | null;
  newCounter: number;
}

/** Checks an answer against the challenge and one of the user's keys; reads only, changes nothing. */
export async function checkAssertion(
  db: Db,
  rp: { rpId: string; origin: string },
  userId: string,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<CheckedAssertion> {
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, userId)));
  if (!stored) return { stored, failure: 'unknown', newCounter: 0 };
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
      },
      requireUserVerification: false,
    });
    return verification.verified
      ? { stored, failure: null, newCounter: verification.authenticationInfo.newCounter }
      : { stored, failure: 'invalid', newCounter: 0 };
  } catch (error) {
    return {
      stored,
      failure: error instanceof Error && /counter/i.test(error.message) ? 'cloned' : 'invalid',
      newCounter: 0,
    };
  }
}

/**
 * Records the use of an accepted answer. The counter only moves forward, also between two requests
 * racing with one authenticator's answers: false when another got there first.
 */
export async function raiseCounter(tx: Tx, checked: CheckedAssertion): Promise<boolean> {
  if (checked.failure || !checked.stored) return false;
  const { newCounter } = checked;
  const raised = await tx
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, checked.stored.id),
        newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  return raised.length === 1;
}

/** Audits a refused answer: `security.passkey.clone_suspected` when the counter did not grow. */
export async function auditRefusal(
  tx: Tx,
  checked: CheckedAssertion,
  userId: string,
  actor: AuditActor,
  when: 'sign_in' | 'step_up',
): Promise<void> {
  const cloned = checked.failure === 'cloned';
  await appendAudit(tx, {
    type: cloned ? AUDIT_TYPES.passkeyCloneSuspected : AUDIT_TYPES.passkeyFailed,
    actor,
    outcome: 'failure',
    resource: checked.stored ? `passkey:${checked.stored.id}` : `user:${userId}`,
    details: cloned
      ? 'Clé d’accès refusée : compteur non croissant (clone possible)'
      : when === 'sign_in'
        ? 'Clé d’accès refusée à la connexion'
        : 'Clé d’accès refusée pour confirmer une modification',
  });
}
