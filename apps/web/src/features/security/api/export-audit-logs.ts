import { AUDIT } from '@jalon/contract/plain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { auditSearchParams, type AuditFilters } from './audit-logs.ts';

export type AuditExportFormat = 'csv' | 'pdf';

/** Used when the server's Content-Disposition is not readable: 'audit-logs' plus a timestamp. */
export const fallbackExportFileName = (format: AuditExportFormat, now = new Date()): string =>
  `${AUDIT.exportFilePrefix}-${now.toISOString().slice(0, 19).replaceAll(':', '-')}.${format}`;

export interface AuditExportInput {
  format: AuditExportFormat;
  filters: AuditFilters;
}

/**
 * Fetched with the Bearer token (the API refuses cookie-only calls), then saved; returns the file name. The
 * PDF prints its times in this device's time zone, as the journal on screen shows them.
 */
export async function exportAuditLogs({ format, filters }: AuditExportInput): Promise<string> {
  const query = auditSearchParams(filters);
  query.set('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  const file = await apiDownload(`/auth/audit-logs/export/${format}?${query.toString()}`);
  const fileName = file.fileName?.startsWith(AUDIT.exportFilePrefix)
    ? file.fileName
    : fallbackExportFileName(format);
  saveBlob(file.blob, fileName);
  return fileName;
}

export const useExportAuditLogs = () => useMutation({ mutationFn: exportAuditLogs });
