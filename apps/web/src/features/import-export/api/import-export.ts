import type { ImportFormat, ImportPreview, ImportResult } from '@jalon/contract';
import { IMPORT_LIMITS } from '@jalon/contract/plain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, apiUpload } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { saveBlob } from '../../../lib/save-file.ts';

export interface ImportRequest {
  file: File;
  format: ImportFormat;
  /** Absent: a new project named after the board or the file. */
  projectId: string | null;
}

/** The form as the server reads it: the small fields first, then the file. */
function formOf({ file, format, projectId }: ImportRequest): FormData {
  const form = new FormData();
  form.append('format', format);
  if (projectId) form.append('projectId', projectId);
  form.append(IMPORT_LIMITS.fieldName, file, file.name);
  return form;
}

export const usePreviewImport = () =>
  useMutation({
    mutationFn: (request: ImportRequest): Promise<ImportPreview> =>
      apiUpload('/admin/import/preview', formOf(request), { schema: contractSchema('importPreviewSchema') }),
  });

export const useRunImport = () =>
  useMutation({
    mutationFn: (request: ImportRequest): Promise<ImportResult> =>
      apiUpload('/admin/import', formOf(request), { schema: contractSchema('importResultSchema') }),
  });

/** The API takes only the Bearer token, so a plain link would be refused: the file is fetched, then saved. */
async function download(path: string, fallbackName: string): Promise<string> {
  const file = await apiDownload(path);
  const fileName = file.fileName ?? fallbackName;
  saveBlob(file.blob, fileName);
  return fileName;
}

export const useExportAll = () => useMutation({ mutationFn: () => download('/export', 'jalon-export.json') });

export const useExportProjectCsv = () =>
  useMutation({
    mutationFn: (project: { id: string; name: string }) =>
      download(`/export/projects/${encodeURIComponent(project.id)}/csv`, `${project.name}.csv`),
  });
