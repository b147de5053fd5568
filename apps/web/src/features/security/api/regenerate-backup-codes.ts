import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { proofBody, type FactorProof } from './passkeys.ts';

/** Ten new codes; the previous ones stop working. Needs a current code (a backup code when TOTP is off) or a passkey. */
export const regenerateBackupCodes = async (proof: Exclude<FactorProof, null>): Promise<string[]> => {
  const body = await proofBody(proof);
  return (
    await apiRequest('/2fa/backup-codes', {
      method: 'POST',
      body,
      schema: contractSchema('backupCodesSchema'),
    })
  ).backupCodes;
};

export const useRegenerateBackupCodes = () => useMutation({ mutationFn: regenerateBackupCodes });
