import type { AcceptInvitationRequest, CheckedInvitation } from '@jalon/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const acceptInvitation = (input: AcceptInvitationRequest) =>
  apiRequest('/auth/invitations/accept', {
    method: 'POST',
    body: input,
    // A public page: its refusals are about the link or the password, never a session that ended.
    handleAuthErrors: false,
    schema: contractSchema('acceptedInvitationSchema'),
  });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });

const checkInvitation = (token: string): Promise<CheckedInvitation> =>
  apiRequest('/auth/invitations/check', {
    method: 'POST',
    body: { token },
    handleAuthErrors: false,
    schema: contractSchema('checkedInvitationSchema'),
  });

/** The link checked as the page opens (nothing used up): which address it invites, or that it is dead. */
export const useInvitationCheck = (token: string) =>
  useQuery({
    queryKey: ['invitation-check', token],
    queryFn: () => checkInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
