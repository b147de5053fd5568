import type { Passkey, PasskeyRegistered } from '@jalon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { twoFactorStatusKey } from './two-factor-status.ts';

export const passkeysKey = ['security', '2fa', 'passkeys'] as const;

export const fetchPasskeys = async (): Promise<Passkey[]> =>
  (await apiRequest('/2fa/passkeys', { schema: contractSchema('passkeyListSchema') })).passkeys;

export const usePasskeys = (enabled = true) =>
  useQuery({ queryKey: passkeysKey, queryFn: fetchPasskeys, enabled });

/**
 * How a change to the second factor is confirmed (S16): a code (TOTP, or a backup code when TOTP is
 * off), one of the person's passkeys, or nothing for the account's first factor (decision 0037).
 */
export type FactorProof = { code: string } | { passkey: true } | null;

/** A passkey's answer to a step-up challenge. @simplewebauthn/browser is loaded only now. */
async function confirmWithPasskey() {
  const { challengeId, options } = await apiRequest('/2fa/passkeys/assertion-options', {
    method: 'POST',
    body: {},
    schema: contractSchema('passkeyOptionsSchema'),
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return { challengeId, response: await startAuthentication({ optionsJSON: options as never }) };
}

export const proofBody = async (proof: FactorProof) => {
  if (proof === null) return {};
  if ('code' in proof) return { code: proof.code };
  return { passkey: await confirmWithPasskey() };
};

/**
 * The proof opens the ceremony; the browser asks the key; the server checks its answer against the
 * challenge it gave. Works with a session, or with the tempToken of an administrator's forced enrolment.
 */
export async function addPasskey(input: { name: string; proof: FactorProof }): Promise<PasskeyRegistered> {
  const { challengeId, options } = await apiRequest('/2fa/passkeys/options', {
    method: 'POST',
    body: await proofBody(input.proof),
    schema: contractSchema('passkeyOptionsSchema'),
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return apiRequest('/2fa/passkeys', {
    method: 'POST',
    body: { challengeId, name: input.name, response },
    schema: contractSchema('passkeyRegisteredSchema'),
  });
}

export const removePasskey = async (input: { id: string; proof: Exclude<FactorProof, null> }) =>
  apiRequest(`/2fa/passkeys/${input.id}`, {
    method: 'DELETE',
    body: await proofBody(input.proof),
    schema: contractSchema('passkeyRemovedSchema'),
  });

/**
 * Adding or removing a key changes the list and the 2FA status (the first key turns 2FA on, a last one
 * off). Not after a forced enrolment's sign-in: its tempToken is gone, and the screen moves on.
 */
function useRefreshingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async (data) => {
      if (data && typeof data === 'object' && 'signIn' in data && data.signIn) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
      ]);
    },
  });
}

export const useAddPasskey = () => useRefreshingMutation(addPasskey);
export const useRemovePasskey = () => useRefreshingMutation(removePasskey);
