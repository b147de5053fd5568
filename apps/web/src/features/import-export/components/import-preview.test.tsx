import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '@jalon/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { ImportPreviewPanel } from './import-preview.tsx';

const preview: ImportPreview = {
  project: 'Refonte du site vitrine',
  tasks: 4,
  statuses: { 'À faire': 'todo', 'Relecture client': 'todo', Fait: 'done' },
  people: { matched: ['Camille Martin'], unmatched: ['Théo Lefèvre'] },
  newLabels: [],
  skipped: [{ line: 'carte « Ancienne bannière »', reason: 'Carte archivée.' }],
};

describe('the import preview', () => {
  it('says what the import will do, in French, and imports only when asked', async () => {
    const onConfirm = vi.fn();
    render(
      <ImportPreviewPanel
        preview={preview}
        busy={false}
        error={null}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    const region = screen.getByRole('region', { name: 'Aperçu de l’import' });
    expect(within(region).getByText('Dans le projet « Refonte du site vitrine »')).toBeTruthy();
    expect(within(region).getByText('4 tâches à créer.')).toBeTruthy();
    const statuses = screen.getByRole('table', { name: 'Ce que devient chaque liste ou statut du fichier' });
    expect(within(statuses).getByRole('row', { name: 'Relecture client À faire' })).toBeTruthy();
    expect(within(statuses).getByRole('row', { name: 'Fait Terminée' })).toBeTruthy();
    expect(within(region).getByText('Camille Martin')).toBeTruthy();
    expect(within(region).getByText('Théo Lefèvre')).toBeTruthy();
    expect(within(region).getByText('Aucune')).toBeTruthy();
    const skipped = screen.getByRole('table', { name: 'Ce qui ne sera pas importé, et pourquoi' });
    expect(
      within(skipped).getByRole('row', { name: 'carte « Ancienne bannière » Carte archivée.' }),
    ).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("shows the server's French reason for a refused file, naming its line", () => {
    const detail = 'Tâche « Devis » : refusée (invalid).';
    const error = ApiError.fromResponse(400, {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail,
      code: 'import_malformed',
    });
    render(
      <ImportPreviewPanel
        preview={preview}
        busy={false}
        error={error}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText(`L’import n’a pas abouti : ${detail}`)).toBeTruthy();
  });
});
