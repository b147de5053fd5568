import {
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRemovedSchema,
  passkeySchema,
  type Passkey,
} from '@jalon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const passkeysKey = ['security', '2fa', 'passkeys'] as const;

export const fetchPasskeys = async (): Promise<Passkey[]> =>
  (await apiRequest('/2fa/passkeys', { schema: passkeyListSchema })).passkeys;

export const usePasskeys = () => useQuery({ queryKey: passkeysKey, queryFn: fetchPasskeys });

/**
 * A current code opens the ceremony; the browser (through @simplewebauthn/browser, loaded only now)
 * asks the key; the server checks its answer against the challenge it gave.
 */
export async function addPasskey(input: { name: string; code: string }): Promise<Passkey> {
  const { challengeId, options } = await apiRequest('/2fa/passkeys/options', {
    method: 'POST',
    body: { code: input.code },
    schema: passkeyOptionsSchema,
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return apiRequest('/2fa/passkeys', {
    method: 'POST',
    body: { challengeId, name: input.name, response },
    schema: passkeySchema,
  });
}

export const removePasskey = (input: { id: string; code: string }) =>
  apiRequest(`/2fa/passkeys/${input.id}`, {
    method: 'DELETE',
    body: { code: input.code },
    schema: passkeyRemovedSchema,
  });

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
