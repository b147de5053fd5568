import { backupCodesSchema } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Ten new codes; the previous ones stop working. Needs a current TOTP code. */
export const regenerateBackupCodes = async (code: string): Promise<string[]> =>
  (await apiRequest('/2fa/backup-codes', { method: 'POST', body: { code }, schema: backupCodesSchema }))
    .backupCodes;

export const useRegenerateBackupCodes = () => useMutation({ mutationFn: regenerateBackupCodes });
