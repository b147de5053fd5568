import { useState } from 'react';
import { AUDIT, AUDIT_FAMILIES, isOneOf } from '@jalon/contract/plain';
import type { AuditFamily } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useAuditLogs, type AuditFilters } from '../api/audit-logs.ts';
import { useExportAuditLogs, type AuditExportFormat } from '../api/export-audit-logs.ts';
import { failureMessage } from '../security-errors.ts';
import { AuditTable } from './audit-table.tsx';

const t = fr.security.audit;
const SEARCH_DEBOUNCE_MS = 300;
const FAMILIES = AUDIT_FAMILIES;

const parseFamily = (value: string): AuditFamily | null => (isOneOf(AUDIT_FAMILIES, value) ? value : null);

/** The Journal d'audit tab: type family, free text, CSV/PDF export, newest entries first. */
export function AuditPanel() {
  const [type, setType] = useState<AuditFamily | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters: AuditFilters = { type, q };
  const logs = useAuditLogs(filters);
  const exporter = useExportAuditLogs();

  const entries = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const startExport = (format: AuditExportFormat) => exporter.mutate({ format, filters });
  const exportingFormat = exporter.isPending ? exporter.variables.format : null;

  return (
    <section className="security-section" aria-labelledby="audit-title">
      <h2 id="audit-title">{t.heading}</h2>
      <form
        className="filter-bar"
        aria-label={t.filtersLabel}
        role="search"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field id="audit-type" label={t.typeLabel}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={type ?? ''}
              onChange={(event) => setType(parseFamily(event.target.value))}
            >
              <option value="">{t.types.all}</option>
              {FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {t.types[family]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="audit-search" label={t.searchLabel} className="field--grow">
          {(control) => (
            <input
              {...control}
              className="input"
              type="search"
              maxLength={AUDIT.searchMax}
              placeholder={t.searchPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
        <div className="button-row filter-bar__actions">
          {(['csv', 'pdf'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="button"
              disabled={exporter.isPending}
              onClick={() => startExport(format)}
            >
              {exportingFormat === format ? t.exporting : format === 'csv' ? t.exportCsv : t.exportPdf}
            </button>
          ))}
        </div>
      </form>
      {exporter.isError && <Alert tone="error">{failureMessage(exporter.error, t.exportError)}</Alert>}
      <p className="inline-notice inline-notice--success" role="status">
        {exporter.isSuccess ? t.exported(exporter.data) : logs.isPending ? t.loading : ''}
      </p>
      {logs.isError && !logs.isFetchNextPageError ? (
        <>
          <Alert tone="error">{failureMessage(logs.error, t.loadError)}</Alert>
          <button type="button" className="button" onClick={() => void logs.refetch()}>
            {t.retry}
          </button>
        </>
      ) : (
        <>
          <AuditTable entries={entries} loading={logs.isPending} />
          {logs.isFetchNextPageError && <Alert tone="error">{failureMessage(logs.error, t.loadError)}</Alert>}
          {logs.hasNextPage && (
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={logs.isFetchingNextPage}
                onClick={() => void logs.fetchNextPage()}
              >
                {logs.isFetchingNextPage ? t.loadingMore : t.loadMore}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
