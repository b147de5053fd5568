import fs from 'node:fs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDocumentSchema, IMPORT_LIMITS, type ExportDocument } from '@jalon/contract';
import { auditLog, labels, projects, tasks, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { multipartBody } from '../../test/multipart.ts';
import {
  createProject,
  createTestContext,
  inject,
  makeUser,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';

const TRELLO = fs.readFileSync(new URL('./fixtures/trello-board.json', import.meta.url));
const BOM = '\uFEFF';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let member: Awaited<ReturnType<typeof signIn>>;
let camille: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  admin = await signInAdmin(ctx);
  member = await signIn(ctx);
  // Trello gives names, not e-mails: Camille is found by her name, Théo is nobody here.
  camille = await makeUser(ctx.db, { username: 'Camille Martin' });
});
afterAll(async () => ctx.close());

function send(
  path: 'preview' | 'import',
  file: { name: string; content: Buffer | string },
  fields: Record<string, string>,
  token = admin.token,
  context = ctx,
) {
  const { payload, headers } = multipartBody(file.name, Buffer.from(file.content), { fields });
  return inject(context.app, {
    method: 'POST',
    url: path === 'preview' ? '/api/admin/import/preview' : '/api/admin/import',
    token,
    payload,
    headers,
  });
}

const liveTasksOf = (projectId: string) =>
  ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), isNull(tasks.deletedAt)))
    .orderBy(tasks.title);

describe('importing a Trello board', () => {
  it('previews the cards, the lists as statuses, the people and what is skipped, and writes nothing', async () => {
    const before = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(tasks);
    const response = await send('preview', { name: 'board.json', content: TRELLO }, { format: 'trello' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      project: 'Refonte du site vitrine',
      tasks: 4,
      statuses: {
        'À faire': 'todo',
        'En cours': 'in_progress',
        'Échéance marquée terminée': 'done',
        Fait: 'done',
      },
      people: { matched: ['Camille Martin'], unmatched: ['Théo Lefèvre'] },
      newLabels: ['Contenu', 'Design', 'Urgent'],
      skipped: [
        { line: 'carte « Ancienne bannière animée »', reason: 'Carte archivée.' },
        { line: 'carte « Chatbot sur la page contact »', reason: 'Liste « Idées abandonnées » archivée.' },
      ],
    });
    expect(await ctx.db.select({ count: sql<number>`count(*)::int` }).from(tasks)).toEqual(before);
  });

  it('creates the project, its labels and tasks in one change on the write path, and a second import doubles nothing', async () => {
    const [hook] = await ctx.db
      .insert(webhooks)
      .values({ url: 'https://example.org/hook', events: ['task.created'], secret: 'sealed' })
      .returning();
    const response = await send('import', { name: 'board.json', content: TRELLO }, { format: 'trello' });
    expect(response.statusCode, response.body).toBe(200);
    const { projectId, created, skipped } = response.json().data;
    expect(created).toBe(4);
    expect(skipped).toHaveLength(2);

    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project!.name).toBe('Refonte du site vitrine');
    const imported = await liveTasksOf(projectId);
    expect(imported.map((task) => [task.title, task.status])).toEqual([
      ['Acheter le nom de domaine', 'done'],
      ['Choix des photos', 'done'],
      ["Maquette de la page d'accueil", 'in_progress'],
      ['Rédiger la page « À propos »', 'todo'],
    ]);
    const about = imported.find((task) => task.title.startsWith('Rédiger'))!;
    expect(about.description).toBe(
      'Reprendre le texte de la plaquette, **300 mots** au plus.\n\n### Étapes\n\n- [x] Relire la plaquette\n- [ ] Premier jet\n- [ ] Validation',
    );
    expect(about.deadline!.toISOString()).toBe('2026-04-10T15:00:00.000Z');
    expect(about.assigneeId).toBeNull();
    const mockup = imported.find((task) => task.title.startsWith('Maquette'))!;
    expect(mockup.assigneeId).toBe(camille.id);
    const names = await ctx.db.select({ id: labels.id, name: labels.name, color: labels.color }).from(labels);
    expect(mockup.labels.map((id) => names.find((label) => label.id === id)!.name).sort()).toEqual([
      'Design',
      'Urgent',
    ]);
    expect(names.find((label) => label.name === 'Design')!.color).toBe('purple');

    // Audited as an import, and each task.created queued for the webhook in the same transaction.
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.type} = 'task.created' and ${auditLog.metadata}->>'via' = 'import'`);
    expect(audits).toHaveLength(4);
    const queued = await ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(queued.map((delivery) => delivery.event)).toEqual(Array(4).fill('task.created'));
    await ctx.db.delete(webhooks);

    const again = await send('import', { name: 'board.json', content: TRELLO }, { format: 'trello' });
    expect(again.json().data.created).toBe(0);
    expect(again.json().data.skipped).toContainEqual({
      line: 'carte « Acheter le nom de domaine »',
      reason: 'Déjà importée.',
    });
    expect(await liveTasksOf(projectId)).toHaveLength(4);
    expect(await ctx.db.select().from(labels).where(eq(labels.name, 'Design'))).toHaveLength(1);
  });

  it('refuses a file that is not a board, naming the field', async () => {
    const response = await send(
      'preview',
      {
        name: 'board.json',
        content: JSON.stringify({ id: 'b', name: 'x', lists: [], cards: [{ id: 'c' }] }),
      },
      { format: 'trello' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'import_malformed' });
    expect(response.json().detail).toContain('« cards[0].name »');
    const broken = await send('preview', { name: 'board.json', content: '{"id": ' }, { format: 'trello' });
    expect(broken.json().detail).toMatch(/^Ce fichier n’est pas du JSON valide/);
  });
});

describe('importing a CSV file', () => {
  it('reads a BOM, semicolons, quotes, line breaks and accents, into an existing project', async () => {
    const projectId = await createProject(ctx, admin.token, 'Déménagement');
    const csv =
      BOM +
      'Titre;Description;Statut;Priorité;Assigné;Échéance;Étiquettes\r\n' +
      `"Réserver le camion";"Le grand, pas le ""petit""\r\nAvant jeudi";En cours;Haute;${member.user.email.toUpperCase()};31/03/2026;Logistique, Urgent\r\n` +
      ';sans titre;;;;;\r\n' +
      'Cartons;;Terminée;basse;inconnu@example.org;2026-04-02;\r\n';
    const preview = await send('preview', { name: 'démén.csv', content: csv }, { format: 'csv', projectId });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      project: 'Déménagement',
      tasks: 2,
      statuses: { 'En cours': 'in_progress', Terminée: 'done' },
      people: { matched: [member.user.email], unmatched: ['inconnu@example.org'] },
      skipped: [{ line: 'ligne 4', reason: 'Titre manquant.' }],
    });
    const response = await send('import', { name: 'démén.csv', content: csv }, { format: 'csv', projectId });
    expect(response.json().data).toMatchObject({ projectId, created: 2 });
    const [truck, boxes] = await liveTasksOf(projectId).then((rows) =>
      rows.sort((a, b) => b.title.localeCompare(a.title)),
    );
    expect(truck).toMatchObject({
      title: 'Réserver le camion',
      description: 'Le grand, pas le "petit"\r\nAvant jeudi',
      status: 'in_progress',
      priority: 'high',
      assigneeId: member.user.id,
    });
    expect(truck!.deadline!.toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(truck!.labels).toHaveLength(2);
    expect(boxes).toMatchObject({ title: 'Cartons', status: 'done', priority: 'low', assigneeId: null });

    const again = await send('import', { name: 'démén.csv', content: csv }, { format: 'csv', projectId });
    expect(again.json().data.created).toBe(0);
  });

  it('reads commas too, and names the new project after the file', async () => {
    const csv = 'titre,description,statut\n"Écrire, relire",ok,à faire\n';
    const response = await send('import', { name: 'Notes de réunion.csv', content: csv }, { format: 'csv' });
    const { projectId } = response.json().data;
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project!.name).toBe('Notes de réunion');
    expect((await liveTasksOf(projectId)).map((task) => task.title)).toEqual(['Écrire, relire']);
  });

  it('refuses a malformed file with a French error naming the line and column', async () => {
    const badStatus = await send(
      'preview',
      // A blank line is skipped, and still counted as a line of the file.
      { name: 'x.csv', content: 'titre;statut\nA;En cours\n\nB;Peut-être\n' },
      { format: 'csv' },
    );
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().detail).toBe(
      'Ligne 4, colonne « statut » : « Peut-être » n’est pas un statut (À faire, En cours, En revue, Terminée).',
    );
    const badQuote = await send('preview', { name: 'x.csv', content: 'titre\n"ouvert\n' }, { format: 'csv' });
    expect(badQuote.json().detail).toMatch(/^Le fichier CSV ne peut pas être lu à la ligne \d/);
    const noTitle = await send('preview', { name: 'x.csv', content: 'nom;statut\nA;\n' }, { format: 'csv' });
    expect(noTitle.json().detail).toMatch(/^Ligne 1 : la colonne « titre » manque/);
  });
});

describe('who may import, and how much', () => {
  it('refuses members (403), an unknown project (404) and a file past 20 MB before reading it (413)', async () => {
    const csv = { name: 'x.csv', content: 'titre\nA\n' };
    expect((await send('preview', csv, { format: 'csv' }, member.token)).statusCode).toBe(403);
    const unknown = await send('import', csv, {
      format: 'csv',
      projectId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const { headers, payload } = multipartBody('big.csv', Buffer.from('titre\n'), {
      fields: { format: 'csv' },
    });
    const big = await inject(ctx.app, {
      method: 'POST',
      url: '/api/admin/import',
      token: admin.token,
      payload,
      headers: { ...headers, 'content-length': String(IMPORT_LIMITS.maxBytes + 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    const huge = await send(
      'preview',
      { name: 'x.csv', content: Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 'a') },
      {
        format: 'csv',
      },
    );
    expect(huge.statusCode).toBe(413);
    const noFormat = await send('preview', csv, {});
    expect(noFormat.statusCode).toBe(400);
  });
});

const exportOf = async (token: string, context = ctx) => {
  const response = await inject(context.app, { method: 'GET', url: '/api/export', token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="jalon-export-/);
  return exportDocumentSchema.parse(response.json());
};

describe('exporting', () => {
  it('gives an administrator everything with e-mails, a member the same without them, never a secret', async () => {
    const full = await exportOf(admin.token);
    expect(full.projects.map((project) => project.name)).toContain('Refonte du site vitrine');
    expect(full.tasks.length).toBeGreaterThanOrEqual(7);
    expect(full.members.find((person) => person.id === member.user.id)!.email).toBe(member.user.email);
    const own = await exportOf(member.token);
    expect(own.tasks).toHaveLength(full.tasks.length);
    expect(own.members.every((person) => person.email === undefined)).toBe(true);
    const text = JSON.stringify(full);
    expect(text).not.toMatch(/argon2|password|secret|whsec_/i);
  });

  it("writes a project's tasks as CSV that reads back into the same tasks", async () => {
    const projectId = await createProject(ctx, admin.token, 'Aller-retour');
    await inject(ctx.app, {
      method: 'POST',
      url: '/api/tasks',
      token: admin.token,
      payload: { project: projectId, title: '=SOMME(A1)', description: '- une liste', status: 'in_review' },
    });
    const response = await inject(ctx.app, {
      method: 'GET',
      url: `/api/export/projects/${projectId}/csv`,
      token: member.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      response.body.startsWith(`${BOM}titre;description;statut;priorité;assigné;échéance;étiquettes\r\n`),
    ).toBe(true);
    expect(response.body).toContain("'=SOMME(A1);'- une liste;En revue;Moyenne;;;");
    const back = await send(
      'import',
      { name: 'Aller-retour.csv', content: response.body },
      { format: 'csv' },
    );
    const [task] = await liveTasksOf(back.json().data.projectId);
    expect(task).toMatchObject({ title: '=SOMME(A1)', description: '- une liste', status: 'in_review' });
  });
});

describe('export then import into an empty Jalon', () => {
  it('gives the same projects and tasks, and a second import changes nothing', async () => {
    const source = await exportOf(admin.token);
    const empty = await createTestContext();
    try {
      const otherAdmin = await signInAdmin(empty);
      // The people are found again by their e-mail.
      await makeUser(empty.db, { email: member.user.email, username: 'Quelqu’un' });
      await makeUser(empty.db, { email: camille.email, username: 'Camille' });
      const text = JSON.stringify(source);
      const imported = await send(
        'import',
        { name: 'export.json', content: text },
        { format: 'jalon' },
        otherAdmin.token,
        empty,
      );
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().data.created).toBe(source.tasks.length);
      const copy = await exportOf(otherAdmin.token, empty);
      const labelName = (document: ExportDocument) => (id: string) =>
        document.labels.find((label) => label.id === id)!.name;
      const memberEmail = (document: ExportDocument) => (id: string | null) =>
        id && document.members.find((person) => person.id === id)!.email;
      const projectsOf = (document: ExportDocument) =>
        document.projects
          .map(({ id, name, description, deadline, status }) => ({ id, name, description, deadline, status }))
          .sort((a, b) => a.id.localeCompare(b.id));
      const tasksOf = (document: ExportDocument) =>
        document.tasks
          .map(({ createdAt: _at, createdBy: _by, labels: ids, assignee, ...task }) => ({
            ...task,
            labels: ids.map(labelName(document)).sort(),
            assignee: memberEmail(document)(assignee),
          }))
          .sort((a, b) => a.id.localeCompare(b.id));
      expect(projectsOf(copy)).toEqual(
        projectsOf(source).map((project) => ({ ...project, status: 'active' })),
      );
      expect(tasksOf(copy)).toEqual(tasksOf(source));

      const again = await send(
        'import',
        { name: 'export.json', content: text },
        { format: 'jalon' },
        otherAdmin.token,
        empty,
      );
      expect(again.json().data.created).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
