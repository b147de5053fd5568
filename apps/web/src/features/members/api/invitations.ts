import type { CreateInvitationRequest, CreatedInvitation, Invitation } from '@jalon/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { useCreateOnce } from '../../../lib/use-create-once.ts';

export const invitationsKey = ['admin', 'invitations'] as const;

export const fetchInvitations = (): Promise<Invitation[]> =>
  apiRequest('/admin/invitations', { schema: contractSchema('invitationListSchema') });

export const useInvitations = () =>
  useQuery(queryOptions({ queryKey: invitationsKey, queryFn: fetchInvitations, staleTime: 0 }));

export const createInvitation = (input: CreateInvitationRequest): Promise<CreatedInvitation> =>
  apiRequest('/admin/invitations', {
    method: 'POST',
    body: input,
    schema: contractSchema('createdInvitationSchema'),
  });

export const revokeInvitation = (id: string) =>
  apiRequest(`/admin/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

function useInvitationMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** One invitation per click of 'Envoyer l’invitation', keyed by the form's client-made id. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useCreateOnce(async (input: CreateInvitationRequest, id: string) => {
    const created = await createInvitation({ ...input, id });
    void queryClient.invalidateQueries({ queryKey: invitationsKey });
    return created;
  });
}
export const useRevokeInvitation = () => useInvitationMutation(revokeInvitation);
