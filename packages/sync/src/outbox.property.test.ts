import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { takeBatch } from './batch.ts';
import { entryForEdit, type Edit } from './edit.ts';
import { addEdit, type OutboxEntry } from './outbox.ts';
import type { Row } from './store.ts';
import { PROJECT_B, projectRow, TASK_2, taskRow, uuids } from './test-factories.ts';
import { computeView } from './view.ts';

const startingRows: Row[] = [taskRow(), taskRow({ id: TASK_2, title: 'Autre', project: PROJECT_B })];
const startingProjects: Row[] = [projectRow(), projectRow({ id: PROJECT_B, name: 'Autre' })];

// Commands pick their target by index among what the person currently sees, so every edit is valid.
const command = fc.oneof(
  fc.record({
    kind: fc.constant('createTask' as const),
    title: fc.constantFrom('a', 'b'),
    project: fc.nat(),
  }),
  fc.record({ kind: fc.constant('createProject' as const), name: fc.constantFrom('p', 'q') }),
  fc.record({
    kind: fc.constant('patchTask' as const),
    target: fc.nat(),
    data: fc.record(
      { title: fc.constantFrom('a', 'b', 'Rédiger'), progress: fc.constantFrom(0, 10) },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ kind: fc.constant('moveTask' as const), target: fc.nat(), project: fc.nat() }),
  fc.record({
    kind: fc.constant('patchProject' as const),
    target: fc.nat(),
    name: fc.constantFrom('p', 'Site'),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    entity: fc.constantFrom('task' as const, 'project' as const),
    target: fc.nat(),
  }),
  fc.record({ kind: fc.constant('send' as const), limit: fc.integer({ min: 1, max: 4 }) }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

type Model = { task: Map<string, Row>; project: Map<string, Row> };
/** The edits this test makes: of tasks and projects. */
type ModelEdit = Edit & { entity: keyof Model };
const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(items.length, 1)];

function toEdit(step: Exclude<Command, { kind: 'send' }>, model: Model): ModelEdit | null {
  const tasks = [...model.task.keys()];
  const projects = [...model.project.keys()];
  switch (step.kind) {
    case 'createTask': {
      const project = pick(projects, step.project);
      return project
        ? { op: 'create', entity: 'task', data: { title: step.title, progress: 0, project } }
        : null;
    }
    case 'createProject':
      return { op: 'create', entity: 'project', data: { name: step.name } };
    case 'patchTask': {
      const id = pick(tasks, step.target);
      return id && Object.keys(step.data).length > 0
        ? { op: 'patch', entity: 'task', id, data: step.data }
        : null;
    }
    case 'moveTask': {
      const [id, project] = [pick(tasks, step.target), pick(projects, step.project)];
      return id && project ? { op: 'patch', entity: 'task', id, data: { project } } : null;
    }
    case 'patchProject': {
      const id = pick(projects, step.target);
      return id ? { op: 'patch', entity: 'project', id, data: { name: step.name } } : null;
    }
    case 'delete': {
      const id = pick([...model[step.entity].keys()], step.target);
      return id ? { op: 'delete', entity: step.entity, id } : null;
    }
  }
}

/** The model: each edit applied in order to the rows, at once. */
function applyToModel(model: Model, edit: ModelEdit, entry: { id: string }): void {
  const table = model[edit.entity];
  if (edit.op === 'delete') table.delete(edit.id);
  else if (edit.op === 'create') table.set(entry.id, { id: entry.id, version: 0, ...edit.data });
  else table.set(edit.id, { ...table.get(edit.id)!, ...edit.data });
}

const withoutVersions = (rows: readonly Row[]) =>
  Object.fromEntries(
    rows.map(({ version: _version, deletedAt: _deletedAt, ...fields }) => [fields.id, fields]),
  );

describe('outbox properties', () => {
  it('after any edits and sends, the view equals the edits applied in order; seqs run from 1 without reuse; a numbered entry never changes', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const model: Model = {
          task: new Map(startingRows.map((row) => [row.id, row])),
          project: new Map(startingProjects.map((row) => [row.id, row])),
        };
        const newId = uuids();
        let outbox: OutboxEntry[] = [];
        let lastSeq = 0;
        let localId = 0;
        const numbered = new Map<number, OutboxEntry>();
        const view = (entity: 'task' | 'project') =>
          computeView(entity === 'task' ? startingRows : startingProjects, outbox, entity);
        for (const step of commands) {
          if (step.kind === 'send') {
            const batch = takeBatch(outbox, { lastSeq, limit: step.limit });
            const fresh = batch.operations
              .filter((operation) => operation.seq > lastSeq)
              .map((operation) => operation.seq);
            expect(fresh).toEqual(fresh.map((_, index) => lastSeq + index + 1));
            ({ outbox, lastSeq } = batch);
          } else {
            const edit = toEdit(step, model);
            if (!edit) continue;
            const entry = entryForEdit(edit, view(edit.entity), newId);
            outbox = addEdit(outbox, {
              ...entry,
              localId: (localId += 1),
              createdAt: '2026-11-23T12:00:00.000Z',
            });
            applyToModel(model, edit, entry);
          }
          for (const item of outbox.filter((candidate) => candidate.seq !== undefined)) {
            expect(item).toEqual(numbered.get(item.localId) ?? item);
            numbered.set(item.localId, item);
          }
          for (const entity of ['task', 'project'] as const)
            expect(withoutVersions(view(entity))).toEqual(withoutVersions([...model[entity].values()]));
        }
        const seqs = [...numbered.values()].map((item) => item.seq!).sort((a, b) => a - b);
        expect(seqs).toEqual(seqs.map((_, index) => index + 1));
      }),
      { numRuns: 300 },
    );
  });
});
