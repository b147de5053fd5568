import type { AcceptInvitationRequest } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
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
