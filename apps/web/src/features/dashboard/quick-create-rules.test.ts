import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { NOW } from '../../test/dashboard-test-kit.ts';
import { projectDraft, quickCreateError, taskDraft, todayInputValue } from './quick-create-rules.ts';

describe('quick-create project', () => {
  it("requires a name: 'Nom du projet requis'", () => {
    expect(projectDraft({ name: '   ', description: 'Une description', deadline: '' }, NOW)).toEqual({
      ok: false,
      error: 'Nom du projet requis',
    });
  });

  it("replaces a description shorter than 5 characters after trimming with '{name} – initialisation'", () => {
    const draft = projectDraft({ name: ' Refonte ', description: '  abcd   ', deadline: '' }, NOW);
    expect(draft).toMatchObject({
      ok: true,
      value: { name: 'Refonte', description: 'Refonte – initialisation' },
    });
    const kept = projectDraft({ name: 'Refonte', description: ' abcde ', deadline: '' }, NOW);
    expect(kept).toMatchObject({ ok: true, value: { description: 'abcde' } });
  });

  it('sends an empty deadline as now plus 14 days', () => {
    const draft = projectDraft({ name: 'Refonte', description: 'Assez longue', deadline: '' }, NOW);
    expect(draft).toMatchObject({ ok: true, value: { deadline: '2030-01-29T10:00:00.000Z' } });
  });

  it('sends a chosen date as the end of that day', () => {
    const draft = projectDraft({ name: 'Refonte', description: 'Assez longue', deadline: '2030-02-03' }, NOW);
    expect(draft).toMatchObject({ ok: true, value: { deadline: '2030-02-03T23:59:59.999Z' } });
  });

  it('refuses a date in year 0001 under the deadline field rather than sending 1901 or the default', () => {
    expect(
      projectDraft({ name: 'Refonte', description: 'Assez longue', deadline: '0001-01-01' }, NOW),
    ).toEqual({
      ok: false,
      error: 'La date doit être comprise entre les années 1900 et 9999.',
      field: 'deadline',
    });
  });

  it("gives today as the date input's minimum", () => {
    expect(todayInputValue(NOW)).toBe('2030-01-15');
  });
});

describe('quick-create task', () => {
  it("requires a title and a project: 'Titre et projet requis'", () => {
    expect(taskDraft({ title: 'Écrire', project: '' })).toEqual({
      ok: false,
      error: 'Titre et projet requis',
    });
    expect(taskDraft({ title: ' ', project: 'p1' })).toEqual({ ok: false, error: 'Titre et projet requis' });
  });

  it("sets the description to '{title} – description rapide'", () => {
    expect(taskDraft({ title: ' Écrire la doc ', project: 'p1' })).toEqual({
      ok: true,
      value: { title: 'Écrire la doc', project: 'p1', description: 'Écrire la doc – description rapide' },
    });
  });
});

describe('quick-create errors', () => {
  const problem = (errors?: { path: string; message: string }[]) =>
    new ApiError('http', 'Validation failed', {
      status: 400,
      problem: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Validation failed',
        code: 'validation_failed',
        errors,
      },
    });

  it("joins the details' messages with ' | '", () => {
    expect(
      quickCreateError(
        problem([
          { path: 'name', message: 'Too long' },
          { path: 'deadline', message: 'Invalid date' },
        ]),
      ),
    ).toBe('Too long | Invalid date');
  });

  it('otherwise shows the message', () => {
    expect(quickCreateError(problem())).toBe('Les informations envoyées sont invalides.');
    expect(quickCreateError(new Error('Quota dépassé'))).toBe('Quota dépassé');
  });
});
