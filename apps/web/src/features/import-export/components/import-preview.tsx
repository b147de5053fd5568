import type { ImportPreview } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.importExport.preview;

interface ImportPreviewPanelProps {
  preview: ImportPreview;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What the import will do, read from the server's preview, before 'Importer' writes anything. */
export function ImportPreviewPanel({ preview, busy, error, onConfirm, onCancel }: ImportPreviewPanelProps) {
  const names = (list: string[]) => (list.length === 0 ? t.none : list.join(', '));
  return (
    <section className="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title">{t.heading}</h3>
      <p>{t.into(preview.project)}</p>
      <p className="import-preview__count">{t.tasks(preview.tasks)}</p>
      {Object.keys(preview.statuses).length > 0 && (
        <div className="table-scroll" role="region" aria-labelledby="import-statuses-caption" tabIndex={0}>
          <table className="data-table">
            <caption id="import-statuses-caption">{t.statusesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.source}</th>
                <th scope="col">{t.becomes}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(preview.statuses).map(([source, status]) => (
                <tr key={source}>
                  <td>{source}</td>
                  <td>{t.status[status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="import-preview__facts">
        <dt>{t.matched}</dt>
        <dd>{names(preview.people.matched)}</dd>
        <dt>{t.unmatched}</dt>
        <dd>{names(preview.people.unmatched)}</dd>
        <dt>{t.newLabels}</dt>
        <dd>{names(preview.newLabels)}</dd>
      </dl>
      {preview.skipped.length > 0 && (
        <div className="table-scroll" role="region" aria-labelledby="import-skipped-caption" tabIndex={0}>
          <table className="data-table">
            <caption id="import-skipped-caption">{t.skippedCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.line}</th>
                <th scope="col">{t.reason}</th>
              </tr>
            </thead>
            <tbody>
              {preview.skipped.map((entry, index) => (
                <tr key={index}>
                  <td>{entry.line}</td>
                  <td>{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {error !== null && <Alert tone="error">{`${t.error} : ${errorMessage(error)}`}</Alert>}
      <div className="import-preview__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {busy ? t.importing : t.confirm}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </section>
  );
}
