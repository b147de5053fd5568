import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { listBody, makeProject, makeTask, projectId } from '../../../test/work-fixtures.ts';
import { NewTaskPage } from './new-task-page.tsx';

function serve(onPost: (call: RecordedCall) => Response): RecordedCall[] {
  return mockFetch((call) => {
    if (pathOf(call) === '/projects') return listBody([makeProject(), makeProject({ id: projectId(2), name: 'Interne' })]);
    if (pathOf(call) === '/tasks' && call.method === 'POST') return onPost(call);
    return problem(404, 'not_found');
  });
}

const renderForm = () => renderRoute(<NewTaskPage />, '/tasks/new');

describe('new task form', () => {
  it("refuses to create without a title and a project: 'Titre et projet requis'", async () => {
    const user = userEvent.setup();
    const calls = serve(() => json(makeTask(), { status: 201 }));
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
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("says 'Créé' and goes back to / between 600 and 800 ms later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = serve(() => json(makeTask(), { status: 201 }));
    renderForm();
    await screen.findByRole('option', { name: 'Interne' });
    await user.type(screen.getByLabelText('Titre'), '  Préparer la démo ');
    await user.selectOptions(screen.getByLabelText('Projet'), 'Interne');
    await user.type(screen.getByLabelText('Description (facultative)'), ' Pour lundi ');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Créé');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Préparer la démo',
      project: projectId(2),
      description: 'Pour lundi',
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(screen.queryByText('Page /')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(300);
    expect(await screen.findByText('Page /')).toBeInTheDocument();
  });

  it('shows the server refusal in an alert and stays on the form', async () => {
    const user = userEvent.setup();
    serve(() => problem(400, 'validation_failed', { errors: [{ path: 'title', message: 'Too long' }] }));
    renderForm();
    await screen.findByRole('option', { name: 'Interne' });
    await user.type(screen.getByLabelText('Titre'), 'Préparer la démo');
    await user.selectOptions(screen.getByLabelText('Projet'), 'Site vitrine');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Les informations envoyées sont invalides.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Créer' })).toBeEnabled());
  });

  it("'Annuler' leaves the form", async () => {
    const user = userEvent.setup();
    serve(() => json(makeTask(), { status: 201 }));
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByText('Page /tasks')).toBeInTheDocument();
  });
});
