import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWorkRoute } from '../../../test/render-route.tsx';
import { makeProject, projectId } from '../../../test/work-fixtures.ts';
import { serveWork } from '../../../test/work-server.ts';
import { NewTaskPage } from './new-task-page.tsx';

const serve = () =>
  serveWork({
    projects: [
      makeProject(),
      makeProject({ id: projectId(2), name: 'Interne', createdAt: '2030-01-01T09:00:00.000Z' }),
    ],
  });

const renderForm = () => renderWorkRoute(<NewTaskPage />, '/tasks/new');

describe('new task form', () => {
  it("refuses to create without a title and a project: 'Titre et projet requis'", async () => {
    const user = userEvent.setup();
    const server = serve();
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Nouvelle tâche' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Interne' });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Titre et projet requis');

    await user.type(screen.getByLabelText('Titre'), 'Préparer la démo');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Titre et projet requis');
    expect(screen.getByLabelText('Projet')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Titre'));
    await user.type(screen.getByLabelText('Titre'), '   ');
    await user.selectOptions(screen.getByLabelText('Projet'), 'Interne');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Titre et projet requis');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("says 'Créé' and goes back to / between 600 and 800 ms later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = serve();
    renderForm();
    await screen.findByRole('option', { name: 'Interne' });
    await user.type(screen.getByLabelText('Titre'), '  Préparer la démo ');
    await user.selectOptions(screen.getByLabelText('Projet'), 'Interne');
    await user.type(screen.getByLabelText('Description (facultative)'), ' Pour lundi ');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    // The label picker has its own polite status beside the form's.
    expect(await screen.findByText(/^Créé/)).toHaveAttribute('role', 'status');
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({ entity: 'task', op: 'upsert', version: 0 });
    expect(server.operations()[0]?.data).toEqual({
      title: 'Préparer la démo',
      project: projectId(2),
      description: 'Pour lundi',
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(screen.queryByText('Page /')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(300);
    expect(await screen.findByText('Page /')).toBeInTheDocument();
  });

  it("'Annuler' leaves the form", async () => {
    const user = userEvent.setup();
    serve();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByText('Page /tasks')).toBeInTheDocument();
  });
});
