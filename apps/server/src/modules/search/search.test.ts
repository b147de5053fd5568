import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH, excerptOf, type SearchItem, type SearchPage } from '@jalon/contract';
import { users } from '../../db/schema.ts';
import { createTestContext, inject, signIn, signInAdmin, type TestContext } from '../../test/test-app.ts';
import { commonLexemes } from './common-lexemes.ts';
import { parseMarks, tsqueryText } from './search-query.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signIn(ctx, { username: 'Alice' })).token;
});
afterAll(() => ctx.close());

const DEADLINE = '2027-03-31T23:59:59.999Z';
const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  as = token,
) => inject(ctx.app, { method, url, token: as, payload });

const createProject = async (name: string, description = 'Un projet') => {
  const response = await call('POST', '/api/projects', { name, description, deadline: DEADLINE });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string };
};
const createTask = async (project: string, title: string, description = '') => {
  const response = await call('POST', '/api/tasks', { title, project, description });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string };
};
const search = async (q: string, extra = '', as = token) => {
  const response = await call('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, undefined, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SearchPage;
};
const ids = (page: SearchPage) => page.items.map((item) => item.id);
const marked = (text: string, ranges: SearchItem['highlights']['title']) =>
  ranges.map((range) => text.slice(range.start, range.end));

let project: { id: string };
beforeAll(async () => {
  project = await createProject('Recherche', 'Un projet pour chercher');
});

describe('GET /api/search', () => {
  it("finds 'éléments' and 'Element' by 'élément' (stemming, accents folded), and 'élement' without its accents", async () => {
    const plural = await createTask(project.id, 'Trier les éléments du stock');
    const bare = await createTask(project.id, 'Revoir', 'Element de la maquette à corriger');
    const other = await createTask(project.id, 'Sans rapport', 'Rien à voir');

    for (const q of ['élément', 'ELEMENTS', 'elements']) {
      const found = ids(await search(q));
      expect(found, q).toEqual(expect.arrayContaining([plural.id, bare.id]));
      expect(found, q).not.toContain(other.id);
    }
  });

  it("folds with unaccent on both databases, so 'coeur' finds 'cœur' too", async () => {
    const extensions = await ctx.db.execute<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'unaccent'`,
    );
    expect(extensions.rows).toHaveLength(1);
    const task = await createTask(project.id, 'Le cœur du sujet');
    expect(ids(await search('coeur'))).toContain(task.id);
  });

  it('matches the last word as a prefix, as it is typed, and every word', async () => {
    const task = await createTask(project.id, 'Préparer la facturation trimestrielle');
    expect(ids(await search('factu'))).toContain(task.id);
    expect(ids(await search('prépar factu'))).toContain(task.id);
    expect(ids(await search('préparer livraison'))).not.toContain(task.id);
  });

  it('ranks a task whose title has the word above one whose description has it, and says why', async () => {
    const inDescription = await createTask(project.id, 'Appeler le client', 'Parler du calendrier');
    const inTitle = await createTask(project.id, 'Calendrier des livraisons', 'Dates à fixer');

    const page = await search('calendrier');
    const order = ids(page);
    expect(order.indexOf(inTitle.id)).toBeLessThan(order.indexOf(inDescription.id));
    const title = page.items.find((item) => item.id === inTitle.id)!;
    expect(title).toMatchObject({ kind: 'task', taskId: inTitle.id, title: 'Calendrier des livraisons' });
    expect(marked(title.title, title.highlights.title)).toEqual(['Calendrier']);
    const description = page.items.find((item) => item.id === inDescription.id)!;
    expect(description.excerpt).toBe('Parler du calendrier');
    expect(marked(description.excerpt, description.highlights.excerpt)).toEqual(['calendrier']);
    expect(title.rank).toBeGreaterThan(description.rank);
  });

  it('finds projects by name and description, opened by their own id', async () => {
    const found = await createProject('Déménagement des bureaux', 'Cartons et camions');
    const page = await search('camion');
    expect(page.items).toContainEqual(
      expect.objectContaining({ kind: 'project', id: found.id, title: 'Déménagement des bureaux' }),
    );
    expect(page.items.find((item) => item.id === found.id)).not.toHaveProperty('taskId');
  });

  it('never finds a deleted task, nor the tasks of a deleted project, for any member', async () => {
    const bruno = (await signIn(ctx, { username: 'Bruno' })).token;
    const deleted = await createTask(project.id, 'Inventaire des parapluies');
    const doomed = await createProject('Projet abandonné', 'Sans suite');
    await createTask(doomed.id, 'Compter les parapluies');
    const kept = await createTask(project.id, 'Ranger les parapluies');
    expect((await call('DELETE', `/api/tasks/${deleted.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/projects/${doomed.id}`)).statusCode).toBe(200);

    for (const as of [token, bruno]) {
      expect(ids(await search('parapluie', '', as))).toEqual([kept.id]);
      expect(ids(await search('abandonné', '', as))).toEqual([]);
    }
  });

  it("finds a comment by its words under its task's title, its mentions read as names, never a deleted one", async () => {
    const camille = await signIn(ctx, { username: 'Camille' });
    const task = await createTask(project.id, 'Choisir le traiteur');
    const comment = async (body: string) => {
      const response = await call('POST', `/api/tasks/${task.id}/comments`, { body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string };
    };
    const found = await comment(
      `Les devis des traiteurs sont arrivés, <@${camille.user.id}> peux-tu les relire ?`,
    );
    const removed = await comment('Un devis de traiteur en trop');
    expect((await call('DELETE', `/api/comments/${removed.id}`)).statusCode).toBe(200);

    const page = await search('devis traiteur');
    expect(ids(page)).toEqual([found.id]);
    const [item] = page.items;
    expect(item).toMatchObject({ kind: 'comment', taskId: task.id, title: 'Choisir le traiteur' });
    expect(item!.excerpt).toContain('@Camille peux-tu');
    expect(marked(item!.excerpt, item!.highlights.excerpt)).toEqual(['devis', 'traiteurs']);

    expect((await call('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect(ids(await search('devis traiteur'))).toEqual([]);
  });

  it('finds labels and active members by name, accents folded; never a deleted label, a deactivated member or an e-mail address', async () => {
    const admin = await signInAdmin(ctx);
    const label = async (name: string) => {
      const response = await call('POST', '/api/labels', { name, color: 'blue' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string };
    };
    const kept = await label('Réclamation client');
    const removed = await label('Réclamations anciennes');
    expect((await call('DELETE', `/api/labels/${removed.id}`, undefined, admin.token)).statusCode).toBe(200);
    const hélène = await signIn(ctx, {
      username: 'Hélène Vasseur',
      email: `archiviste-${Date.now()}@example.test`,
    });
    const gone = await signIn(ctx, { username: 'Hélène Durand' });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.user.id));

    const labels = (await search('reclamation')).items.filter((item) => item.kind === 'label');
    expect(labels).toEqual([expect.objectContaining({ id: kept.id, title: 'Réclamation client' })]);
    expect(marked(labels[0]!.title, labels[0]!.highlights.title)).toEqual(['Réclamation']);
    expect(labels[0]).not.toHaveProperty('taskId');

    const people = (await search('helene')).items.filter((item) => item.kind === 'person');
    expect(people.map((item) => [item.id, item.title])).toEqual([[hélène.user.id, 'Hélène Vasseur']]);
    // An address is not shown to every member, so it is never what a person is found by.
    expect((await search('archiviste')).items.filter((item) => item.kind === 'person')).toEqual([]);
  });

  it('pages with the cursor, best first, each result once', async () => {
    const made = new Set<string>();
    for (let index = 0; index < 7; index += 1) {
      made.add((await createTask(project.id, `Lampe ${index}`, index % 2 ? 'lampe lampe' : '')).id);
    }
    const seen: string[] = [];
    const ranks: number[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchPage = await search('lampe', `&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...ids(page));
      ranks.push(...page.items.map((item) => item.rank));
      cursor = page.next;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(made);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('answers 400 to a cursor it did not give, and an empty page to words without letters', async () => {
    const response = await call('GET', '/api/search?q=lampe&cursor=bm9wZQ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(await search('!!! ?')).toEqual({ items: [], next: null });
    expect((await call('GET', '/api/search?q=')).statusCode).toBe(400);
  });

  it('is for signed-in members only', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/api/search?q=lampe' });
    expect(response.statusCode).toBe(401);
  });

  it('shows stored markup as text: highlights are ranges, and stored marks cannot forge one', async () => {
    const task = await createTask(project.id, '<img src=x onerror=alert(1)> rapport \uE000faux\uE001');
    const [item] = (await search('rapport')).items.filter((found) => found.id === task.id);
    expect(item!.title).toBe('<img src=x onerror=alert(1)> rapport faux');
    expect(marked(item!.title, item!.highlights.title)).toEqual(['rapport']);
  });
});

describe('a question with words in most tasks', () => {
  it('finds exactly its matches when the index reads only its rare words', async () => {
    // 'commande' in more than half the file's tasks: ANALYZE lists it among the common lexemes.
    const orders = await createProject('Commandes', 'Achats');
    const urgent = new Set<string>();
    for (let index = 0; index < 60; index += 1) {
      const task = await createTask(
        orders.id,
        `Commande ${index}`,
        index % 20 === 0 ? 'Livraison urgente' : '',
      );
      if (index % 20 === 0) urgent.add(task.id);
    }
    const urgentAlone = await createTask(orders.id, 'Appel fournisseur', 'Relance urgente');
    await ctx.db.execute(sql`analyze tasks`);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The statistics are read again once a minute.
      vi.setSystemTime(Date.now() + 61_000);
      expect((await commonLexemes(ctx.db)).tasks).toContain('command');
      const left = await ctx.db.execute<{ index: string }>(
        sql`select jalon_search_index_query(to_tsquery('jalon_search', 'commande & urgente:*'), '{command}')::text as index`,
      );
      expect(left.rows[0]?.index).toBe("'urgent':*");
      const unchanged = await ctx.db.execute<{ index: string | null }>(
        sql`select jalon_search_index_query(to_tsquery('jalon_search', 'urgente & livraison'), '{command}') as index`,
      );
      expect(unchanged.rows[0]?.index).toBeNull();

      // The index finds every 'urgente'; the whole question keeps those with 'commande' too.
      for (const q of ['commande urgente', 'urgente comm', 'urgente commande']) {
        expect(new Set(ids(await search(q))), q).toEqual(urgent);
      }
      expect(ids(await search('urgente'))).toEqual(expect.arrayContaining([...urgent, urgentAlone.id]));
      const every = await search('commande', '&limit=50');
      expect(every.items).toHaveLength(50);
      expect(every.next).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the excerpt', () => {
  it('is the text around the first match, cut at spaces, with its ranges moved along', () => {
    const text = `${'avant '.repeat(60)}cible ${'après '.repeat(60)}`.trim();
    const start = text.indexOf('cible');
    const excerpt = excerptOf({ text, ranges: [{ start, end: start + 5 }] });
    expect(excerpt.text.length).toBeLessThanOrEqual(SEARCH.excerptChars + 2);
    expect(excerpt.text).toMatch(/^…avant .* cible .* après…$/);
    expect(excerpt.ranges.map((range) => excerpt.text.slice(range.start, range.end))).toEqual(['cible']);
  });
});

describe('the query text', () => {
  it('keeps letters and digits only, the last word as a prefix', () => {
    expect(tsqueryText("l'élément & (x|y):* 2027")).toBe('l & élément & x & y & 2027:*');
    expect(tsqueryText(' ,;! ')).toBeNull();
  });

  it('reads the marks as ranges over the unmarked text', () => {
    expect(parseMarks('a \uE000bc\uE001 d \uE000e\uE001')).toEqual({
      text: 'a bc d e',
      ranges: [
        { start: 2, end: 4 },
        { start: 7, end: 8 },
      ],
    });
  });
});
