import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { fetchProjectChoices } from '../../dashboard/index.ts';
import { useExportAll, useExportProjectCsv } from '../api/import-export.ts';

const t = fr.importExport.export;

/** 'Exporter': everything as the JSON document, or one project's tasks as CSV, each saved as a file. */
export function ExportPanel() {
  const projects = useQuery({
    queryKey: ['import', 'projects'],
    queryFn: ({ signal }) => fetchProjectChoices(signal),
  });
  const all = useExportAll();
  const csv = useExportProjectCsv();
  const [projectId, setProjectId] = useState('');
  const project = projects.data?.find((choice) => choice.id === projectId) ?? projects.data?.[0] ?? null;
  const saved = all.data ?? csv.data;
  const failed = all.error ?? csv.error;

  return (
    <section className="card" aria-labelledby="export-title">
      <h2 id="export-title">{t.heading}</h2>
      <p className="muted">{t.text}</p>
      {saved && <Alert tone="success">{t.done(saved)}</Alert>}
      {failed && <Alert tone="error">{`${t.error} : ${errorMessage(failed)}`}</Alert>}
      <button
        type="button"
        className="button button--primary"
        disabled={all.isPending}
        onClick={() => {
          csv.reset();
          all.mutate();
        }}
      >
        {all.isPending ? t.exporting : t.all}
      </button>
      {project && (
        <div className="export-project">
          <Field id="export-project" label={t.project}>
            {(control) => (
              <select
                {...control}
                className="input"
                value={project.id}
                onChange={(event) => setProjectId(event.target.value)}
              >
                {projects.data!.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="button"
            className="button"
            disabled={csv.isPending}
            onClick={() => {
              all.reset();
              csv.mutate(project);
            }}
          >
            {csv.isPending ? t.exporting : t.projectCsv}
          </button>
        </div>
      )}
    </section>
  );
}
