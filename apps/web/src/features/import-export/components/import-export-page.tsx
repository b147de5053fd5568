import '../../../styles/import-export.css';
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ImportPreview, ImportResult } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { usePreviewImport, useRunImport, type ImportRequest } from '../api/import-export.ts';
import { ExportPanel } from './export-panel.tsx';
import { ImportForm } from './import-form.tsx';
import { ImportPreviewPanel } from './import-preview.tsx';

const t = fr.importExport;

/**
 * /admin/import-export (administrators only): a file is first previewed (nothing written), then imported
 * as the preview said; and the exports, saved as files.
 */
export function ImportExportPage() {
  const queryClient = useQueryClient();
  const preview = usePreviewImport();
  const run = useRunImport();
  const [pending, setPending] = useState<{ request: ImportRequest; preview: ImportPreview } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // One import per confirmation: the second click of a double click comes before the disabled button has
  // re-rendered, and its import (nothing new, the file being imported already) replaced the first's
  // 'Import terminé : 2 tâches créées.' with 'aucune nouvelle tâche'.
  const importing = useRef(false);

  return (
    <div className="import-export-page">
      <PageHeader title={t.title} />
      <p className="muted">{t.intro}</p>
      <section className="card" aria-labelledby="import-title">
        <h2 id="import-title">{t.import.heading}</h2>
        {result && (
          <Alert tone="success">
            {t.done(result.created)}{' '}
            <Link to={`/projects/${encodeURIComponent(result.projectId)}`}>{t.openProject}</Link>
          </Alert>
        )}
        <ImportForm
          busy={preview.isPending}
          error={preview.error}
          onPreview={(request) => {
            setResult(null);
            setPending(null);
            run.reset();
            preview.mutate(request, { onSuccess: (answer) => setPending({ request, preview: answer }) });
          }}
        />
        {pending && (
          <ImportPreviewPanel
            preview={pending.preview}
            busy={run.isPending}
            error={run.error}
            onCancel={() => setPending(null)}
            onConfirm={() => {
              if (importing.current) return;
              importing.current = true;
              run.mutate(pending.request, {
                onSuccess: (answer) => {
                  setPending(null);
                  setResult(answer);
                  void queryClient.invalidateQueries({ queryKey: ['import', 'projects'] });
                },
                onSettled: () => {
                  importing.current = false;
                },
              });
            }}
          />
        )}
      </section>
      <ExportPanel />
    </div>
  );
}
