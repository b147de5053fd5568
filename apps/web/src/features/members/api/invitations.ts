import type { CreateInvitationRequest, CreatedInvitation, Invitation } from '@jalon/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const invitationsKey = ['admin', 'invitations'] as const;

export const fetchInvitations = (): Promise<Invitation[]> =>
  apiRequest('/admin/invitations', { schema: contractSchema('invitationListSchema') });

export const useInvitations = () =>
  useQuery(queryOptions({ queryKey: invitationsKey, queryFn: fetchInvitations, staleTime: 0 }));

export const createInvitation = (input: CreateInvitationRequest): Promise<CreatedInvitation> =>
  apiRequest('/admin/invitations', { method: 'POST', body: input, schema: contractSchema('createdInvitationSchema') });

export const revokeInvitation = (id: string) =>
  apiRequest(`/admin/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

function useInvitationMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationsKey }) });
}

export const useCreateInvitation = () => useInvitationMutation(createInvitation);
export const useRevokeInvitation = () => useInvitationMutation(revokeInvitation);
