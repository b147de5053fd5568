import type { AdminMember, UpdateMemberRequest } from '@jalon/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { membersKey } from './members.ts';

export const adminMembersKey = ['admin', 'members'] as const;

export const fetchAdminMembers = (): Promise<AdminMember[]> =>
  apiRequest('/admin/members', { schema: contractSchema('adminMemberListSchema') });

export const useAdminMembers = () =>
  useQuery(queryOptions({ queryKey: adminMembersKey, queryFn: fetchAdminMembers, staleTime: 0 }));

export const updateMember = ({
  id,
  change,
}: {
  id: string;
  change: UpdateMemberRequest;
}): Promise<AdminMember> =>
  apiRequest(`/admin/members/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
    schema: contractSchema('adminMemberSchema'),
  });

/** A role or an active flag; the list and the directory are read again afterwards. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminMembersKey });
      void queryClient.invalidateQueries({ queryKey: membersKey });
    },
  });
}

export const resetMemberTwoFactor = ({ id, code }: { id: string; code: string }) =>
  apiRequest(`/admin/members/${encodeURIComponent(id)}/reset-2fa`, { method: 'POST', body: { code } });

export function useResetMemberTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetMemberTwoFactor,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminMembersKey }),
  });
}
