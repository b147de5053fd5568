import type {
  CreatedWebhook,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDelivery,
} from '@jalon/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const webhooksKey = ['admin', 'webhooks'] as const;
const deliveriesKey = (id: string) => [...webhooksKey, id, 'deliveries'] as const;
const path = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

/** While the journal is open it is read again this often: deliveries leave within seconds of a change. */
const JOURNAL_REFRESH_MS = 3_000;

export const useWebhooks = () =>
  useQuery(
    queryOptions({
      queryKey: webhooksKey,
      queryFn: (): Promise<Webhook[]> =>
        apiRequest('/admin/webhooks', { schema: contractSchema('webhookListSchema') }),
      staleTime: 0,
    }),
  );

export const useDeliveries = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: deliveriesKey(id),
      queryFn: (): Promise<WebhookDelivery[]> =>
        apiRequest(`${path(id)}/deliveries`, { schema: contractSchema('webhookDeliveryListSchema') }),
      staleTime: 0,
      refetchInterval: JOURNAL_REFRESH_MS,
    }),
  );

/** A mutation after which the list (and any open journal) is read again. */
function useWebhookMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((input: CreateWebhookRequest): Promise<CreatedWebhook> =>
    apiRequest('/admin/webhooks', {
      method: 'POST',
      body: input,
      schema: contractSchema('createdWebhookSchema'),
    }),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, change }: { id: string; change: UpdateWebhookRequest }): Promise<Webhook> =>
    apiRequest(path(id), { method: 'PATCH', body: change, schema: contractSchema('webhookSchema') }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => apiRequest(path(id), { method: 'DELETE' }));

export const useRedeliver = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }): Promise<WebhookDelivery> =>
    apiRequest(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
      method: 'POST',
      schema: contractSchema('webhookDeliverySchema'),
    }),
  );
