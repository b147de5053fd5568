import { AUDIT } from '@jalon/contract/plain';
import type { AuditEntry } from '@jalon/contract';
import { fr } from '../../../locales/fr/index.ts';
import { formatDateTimeSeconds } from '../../../lib/dates.ts';

const t = fr.security.audit;
const COLUMN_COUNT = 4;

/** The actor's name, else the e-mail, else 'Système' (events without a user). */
export const auditUserLabel = (entry: AuditEntry): string => entry.user.name || entry.user.email || t.system;

interface AuditTableProps {
  entries: readonly AuditEntry[];
  loading: boolean;
}

function SkeletonRows() {
  return Array.from({ length: AUDIT.skeletonRows }, (_, row) => (
    <tr key={row} className="skeleton-row" aria-hidden="true">
      {Array.from({ length: COLUMN_COUNT }, (_, cell) => (
        <td key={cell}>
          <span className="skeleton" />
        </td>
      ))}
    </tr>
  ));
}

export function AuditTable({ entries, loading }: AuditTableProps) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="audit-caption" tabIndex={0}>
      <table className="data-table data-table--stacked" aria-busy={loading}>
        <caption id="audit-caption" className="visually-hidden">
          {t.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.date}</th>
            <th scope="col">{t.columns.type}</th>
            <th scope="col">{t.columns.user}</th>
            <th scope="col">{t.columns.details}</th>
          </tr>
        </thead>
        <tbody>
          {loading && <SkeletonRows />}
          {!loading && entries.length === 0 && (
            <tr>
              <td colSpan={COLUMN_COUNT} className="empty-text">
                {t.empty}
              </td>
            </tr>
          )}
          {!loading &&
            entries.map((entry) => (
              <tr key={entry.id}>
                <td className="nowrap" data-label={t.columns.date}>
                  <time dateTime={entry.createdAt}>{formatDateTimeSeconds(entry.createdAt)}</time>
                </td>
                <td data-label={t.columns.type}>
                  <code>{entry.type}</code>
                  {entry.outcome === 'failure' && <span className="badge badge--failure">{t.failure}</span>}
                </td>
                <td data-label={t.columns.user}>{auditUserLabel(entry)}</td>
                <td data-label={t.columns.details}>{entry.details || entry.type}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
