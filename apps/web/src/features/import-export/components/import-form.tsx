import { useState, type FormEvent } from 'react';
import type { ImportFormat } from '@jalon/contract';
import { IMPORT_FORMATS } from '@jalon/contract/plain';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { fetchProjectChoices } from '../../dashboard/index.ts';
import type { ImportRequest } from '../api/import-export.ts';

const t = fr.importExport.import;

/**
 * The format a file suggests: CSV by its name, a Jalon export by how it starts (the export writes its
 * `format` first), any other JSON a Trello board. The person can still change it.
 */
async function formatOf(file: File): Promise<ImportFormat> {
  if (/\.csv$/i.test(file.name)) return 'csv';
  const start = await file.slice(0, 64).text();
  return start.startsWith('{"format":"jalon"') ? 'jalon' : 'trello';
}

interface ImportFormProps {
  busy: boolean;
  error: unknown;
  onPreview: (request: ImportRequest, projectName: string | null) => void;
}

/** The file, its format and the project it goes into; 'Prévisualiser' sends it for a preview. */
export function ImportForm({ busy, error, onPreview }: ImportFormProps) {
  const projects = useQuery({
    queryKey: ['import', 'projects'],
    queryFn: ({ signal }) => fetchProjectChoices(signal),
  });
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [projectId, setProjectId] = useState('');
  const [noFile, setNoFile] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setNoFile(true);
      return;
    }
    const project = projects.data?.find((choice) => choice.id === projectId) ?? null;
    onPreview({ file, format, projectId: project?.id ?? null }, project?.name ?? null);
  };

  return (
    <form className="form" onSubmit={submit} aria-label={t.heading}>
      {error !== null && <Alert tone="error">{`${t.error} : ${errorMessage(error)}`}</Alert>}
      <Field id="import-file" label={t.file} hint={t.fileHint} error={noFile ? t.noFile : null} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setNoFile(false);
              if (chosen) void formatOf(chosen).then(setFormat);
            }}
          />
        )}
      </Field>
      <Field id="import-format" label={t.format}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={format}
            onChange={(event) => setFormat(event.target.value as ImportFormat)}
          >
            {IMPORT_FORMATS.map((name) => (
              <option key={name} value={name}>
                {t.formats[name]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="import-project" label={t.project} hint={t.projectHint}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={projectId}
            disabled={projects.isPending}
            onChange={(event) => setProjectId(event.target.value)}
          >
            <option value="">{projects.isPending ? t.projectsLoading : t.newProject}</option>
            {projects.data?.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t.previewing : t.preview}
      </button>
    </form>
  );
}
