import type { ApiToken, CreateApiTokenRequest, CreatedApiToken } from '@jalon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

const apiTokensKey = ['me', 'tokens'] as const;

export const fetchApiTokens = async (): Promise<ApiToken[]> =>
  (await apiRequest('/me/tokens', { schema: contractSchema('apiTokenListSchema') })).tokens;

export const useApiTokens = () => useQuery({ queryKey: apiTokensKey, queryFn: fetchApiTokens });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenRequest): Promise<CreatedApiToken> =>
      apiRequest('/me/tokens', {
        method: 'POST',
        body: input,
        schema: contractSchema('createdApiTokenSchema'),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/me/tokens/${id}`, { method: 'DELETE', schema: contractSchema('apiTokenRevokedSchema') }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
