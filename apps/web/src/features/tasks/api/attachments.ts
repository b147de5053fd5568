import type { Attachment, AttachmentList } from '@jalon/contract';
import { ATTACHMENT_LIMITS } from '@jalon/contract/plain';
import { queryOptions } from '@tanstack/react-query';
import { apiDownload, apiRequest, apiUpload } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { saveBlob } from '../../../lib/save-file.ts';

/** Files are online only: read from the server, never from the device's copy. */
export const attachmentsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: ['tasks', taskId, 'attachments'] as const,
    queryFn: ({ signal }) =>
      apiRequest<AttachmentList>(`/tasks/${encodeURIComponent(taskId)}/attachments`, {
        schema: contractSchema('attachmentListSchema'),
        signal,
      }),
  });

export function uploadAttachment(
  taskId: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const form = new FormData();
  form.append(ATTACHMENT_LIMITS.fieldName, file, file.name);
  return apiUpload(`/tasks/${encodeURIComponent(taskId)}/attachments`, form, {
    schema: contractSchema('attachmentSchema'),
    onProgress,
    signal,
  });
}

export const removeAttachment = (id: string) =>
  apiRequest(`/attachments/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The API takes only the Bearer token, so a plain link would be refused: the file is fetched, then saved. */
export async function downloadAttachment(attachment: Attachment): Promise<void> {
  const { blob } = await apiDownload(`/attachments/${encodeURIComponent(attachment.id)}`);
  saveBlob(blob, attachment.name);
}

/**
 * The server's preview as a data: URL, which the page's CSP allows for images (a blob: URL it does not).
 * The preview is a small WebP, so the text stays small.
 */
export async function previewDataUrl(id: string, signal?: AbortSignal): Promise<string> {
  const { blob } = await apiDownload(`/attachments/${encodeURIComponent(id)}/preview`, { signal });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: spreading a whole image into one call would pass the engine's argument limit.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  // The server makes every preview a WebP, whatever the answer says of its type.
  return `data:image/webp;base64,${btoa(binary)}`;
}

export const previewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['attachments', id, 'preview'] as const,
    queryFn: ({ signal }) => previewDataUrl(id, signal),
    staleTime: Infinity,
    retry: false,
  });
