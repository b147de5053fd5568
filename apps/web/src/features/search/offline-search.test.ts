import { describe, expect, it } from 'vitest';
import { makeProject, makeTask, projectId, taskId } from '../../test/work-fixtures.ts';
import { questionWords, searchDeviceCopy, wordMatches } from './offline-search.ts';

const marked = (text: string, ranges: ReadonlyArray<{ start: number; end: number }>) =>
  ranges.map((range) => text.slice(range.start, range.end));

describe("the device copy's search", () => {
  const copy = {
    tasks: [
      makeTask({ id: taskId(1), title: 'Trier les éléments', description: '' }),
      makeTask({ id: taskId(2), title: 'Revoir', description: 'Un Element de la maquette à corriger' }),
      makeTask({ id: taskId(3), title: 'Sans rapport', description: 'Rien à voir' }),
      makeTask({ id: taskId(4), title: 'Le cœur du sujet', description: '' }),
    ],
    projects: [makeProject({ id: projectId(1), name: 'Déménagement', description: 'Les éléments lourds' })],
  };

  it("finds 'éléments' and 'Element' by 'élément', and 'élément' by 'ELEMENTS', with or without accents", () => {
    for (const question of ['élément', 'ELEMENTS', 'elem']) {
      const found = searchDeviceCopy(question, copy);
      expect(found.map((item) => item.id).sort(), question).toEqual(
        [projectId(1), taskId(1), taskId(2)].sort(),
      );
    }
    expect(searchDeviceCopy('coeur', copy).map((item) => item.id)).toEqual([taskId(4)]);
  });

  it('ranks a match in the title above one in the text, and needs every word', () => {
    const found = searchDeviceCopy('element', copy);
    expect(found[0]!.id).toBe(taskId(1));
    expect(found.at(-1)!.rank).toBeLessThan(found[0]!.rank);
    expect(searchDeviceCopy('element maquette', copy).map((item) => item.id)).toEqual([taskId(2)]);
    expect(searchDeviceCopy('element rien', copy)).toEqual([]);
  });

  it('marks whole words in the text as written, accents and case kept', () => {
    const [item] = searchDeviceCopy('maquet', copy);
    expect(item).toMatchObject({ kind: 'task', taskId: taskId(2), title: 'Revoir' });
    expect(marked(item!.excerpt, item!.highlights.excerpt)).toEqual(['maquette']);
    const project = searchDeviceCopy('element', copy).find((found) => found.kind === 'project')!;
    expect(project).not.toHaveProperty('taskId');
    expect(marked(project.excerpt, project.highlights.excerpt)).toEqual(['éléments']);
  });

  it('finds words at their start only, and nothing for a question without letters', () => {
    expect(wordMatches('Préparer la réparation', ['par'])).toEqual(new Map());
    expect(searchDeviceCopy(' ?! ', copy)).toEqual([]);
    expect(questionWords("L'Éléments, des œufs")).toEqual(['l', 'element', 'des', 'oeuf']);
  });
});

describe("the device copy's search of comments, labels and people", () => {
  const memberId = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;
  const copy = {
    tasks: [makeTask({ id: taskId(1), title: 'Choisir le traiteur', description: '' })],
    projects: [],
    comments: [
      { id: memberId(101), taskId: taskId(1), body: `Les devis arrivent, <@${memberId(1)}> relis-les` },
      { id: memberId(102), taskId: taskId(1), body: null },
      { id: memberId(103), taskId: taskId(9), body: 'Un devis sur une tâche que la copie ne tient plus' },
    ],
    labels: [{ id: memberId(201), name: 'Réclamation client' }],
    members: [
      { id: memberId(1), username: 'Hélène Vasseur', active: true },
      { id: memberId(2), username: 'Hélène Durand', active: false },
    ],
  };

  it("finds a live task's comment under the task's title, its mentions read as names", () => {
    const found = searchDeviceCopy('devis', copy);
    expect(found.map((item) => item.id)).toEqual([memberId(101)]);
    expect(found[0]).toMatchObject({ kind: 'comment', taskId: taskId(1), title: 'Choisir le traiteur' });
    expect(found[0]!.excerpt).toBe('Les devis arrivent, @Hélène Vasseur relis-les');
  });

  it('finds labels and active members by name, accents folded, never a deactivated member', () => {
    expect(searchDeviceCopy('reclamation', copy).map((item) => [item.kind, item.id])).toEqual([
      ['label', memberId(201)],
    ]);
    const people = searchDeviceCopy('helene', copy).filter((item) => item.kind === 'person');
    expect(people.map((item) => item.title)).toEqual(['Hélène Vasseur']);
  });
});
