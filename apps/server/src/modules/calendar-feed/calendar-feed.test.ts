import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  createTestContext,
  inject,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://jalon.example.org' });
});
afterAll(() => ctx.close());

const createFeed = async (token: string): Promise<string> => {
  const response = await inject(ctx.app, {
    method: 'POST',
    url: '/api/me/calendar-feed',
    token,
    payload: {},
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.url as string;
};

/** The feed as a calendar app asks for it: the path of its address, no credentials. */
const readFeed = (url: string, headers: Record<string, string> = {}) =>
  inject(ctx.app, { method: 'GET', url: new URL(url).pathname, headers });

const createTask = async (token: string, payload: Record<string, unknown>): Promise<string> => {
  const response = await inject(ctx.app, { method: 'POST', url: '/api/tasks', token, payload });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as string;
};

/** The events an independent parser (ical.js) reads in the feed. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      allDay: event.startDate.isDate,
      start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
      url: vevent.getFirstPropertyValue('url'),
    };
  });
}

describe('the calendar feed', () => {
  it('gives a secret address whose feed lists the person’s assigned deadlines and their projects’, valid RFC 5545 in French', async () => {
    const { user, token } = await signIn(ctx);
    const other = await signIn(ctx);
    const mine = await createProject(ctx, token, 'Refonte du site');
    const theirs = await createProject(ctx, other.token, 'Projet d’un autre');
    const longTitle = `Préparer la démo ; relire, corriger — ${'très '.repeat(20)}longue`;
    const dayTask = await createTask(token, {
      project: mine,
      title: longTitle,
      assignee: user.id,
      deadline: '2027-02-15T23:59:59.999Z',
    });
    const timedTask = await createTask(other.token, {
      project: theirs,
      title: 'Appel client',
      assignee: user.id,
      deadline: '2027-02-16T09:30:00.000Z',
    });
    // Neither assigned to the person nor with a deadline: not in the feed.
    await createTask(token, { project: mine, title: 'Sans échéance', assignee: user.id });
    await createTask(other.token, {
      project: theirs,
      title: 'Pas à moi',
      assignee: other.user.id,
      deadline: '2027-02-17T09:00:00.000Z',
    });

    const url = await createFeed(token);
    expect(url).toMatch(/^https:\/\/jalon\.example\.org\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = await inject(ctx.app, { method: 'GET', url: '/api/me/calendar-feed', token });
    expect(status.json().data.active).toBe(true);

    const response = await readFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const text = response.body;
    // RFC 5545: CRLF line ends, lines of at most 75 octets (folded), text escaped.
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toContain('\\;');
    expect(text).toContain('\\,');

    const events = parse(text);
    expect(events).toEqual(
      expect.arrayContaining([
        {
          uid: `task-${dayTask}@jalon.example.org`,
          summary: longTitle,
          description: 'Projet : Refonte du site\nStatut : À faire',
          allDay: true,
          start: '2027-02-15',
          url: `https://jalon.example.org/tasks/${dayTask}`,
        },
        {
          uid: `task-${timedTask}@jalon.example.org`,
          summary: 'Appel client',
          description: 'Projet : Projet d’un autre\nStatut : À faire',
          allDay: false,
          start: '2027-02-16T09:30:00.000Z',
          url: `https://jalon.example.org/tasks/${timedTask}`,
        },
        expect.objectContaining({
          uid: `project-${mine}@jalon.example.org`,
          summary: 'Échéance du projet Refonte du site',
        }),
        // A project they work in through an assigned task.
        expect.objectContaining({
          uid: `project-${theirs}@jalon.example.org`,
          summary: 'Échéance du projet Projet d’un autre',
        }),
      ]),
    );
    expect(events).toHaveLength(4);
  });

  it('answers 304 to its ETag, and a new ETag once a task changes; a deleted task disappears', async () => {
    const { user, token } = await signIn(ctx);
    const project = await createProject(ctx, token);
    const task = await createTask(token, {
      project,
      title: 'À livrer',
      assignee: user.id,
      deadline: '2027-05-01T23:59:59.999Z',
    });
    const url = await createFeed(token);
    const first = await readFeed(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await readFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const renamed = await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/tasks/${task}`,
      token,
      payload: { title: 'À livrer vite' },
    });
    expect(renamed.statusCode).toBe(200);
    const changed = await readFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(parse(changed.body).map((event) => event.summary)).toContain('À livrer vite');

    expect((await inject(ctx.app, { method: 'DELETE', url: `/api/tasks/${task}`, token })).statusCode).toBe(
      200,
    );
    const uids = parse((await readFeed(url)).body).map((event) => event.uid);
    expect(uids).not.toContain(`task-${task}@jalon.example.org`);
  });

  it('a new address replaces the old one; DELETE revokes it (404 after, the same as an unknown one)', async () => {
    const { token } = await signIn(ctx);
    const old = await createFeed(token);
    const current = await createFeed(token);
    expect((await readFeed(old)).statusCode).toBe(404);
    expect((await readFeed(current)).statusCode).toBe(200);
    const revoked = await inject(ctx.app, { method: 'DELETE', url: '/api/me/calendar-feed', token });
    expect(revoked.json().data).toEqual({ revoked: true });
    expect((await readFeed(current)).statusCode).toBe(404);
    const status = await inject(ctx.app, { method: 'GET', url: '/api/me/calendar-feed', token });
    expect(status.json().data).toEqual({ active: false, createdAt: null });
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/calendar/pas-un-secret.ics' })).statusCode,
    ).toBe(400);
  });

  it('deactivating the person revokes their feed', async () => {
    const admin = await signInAdmin(ctx);
    const member = await signIn(ctx);
    const url = await createFeed(member.token);
    const deactivated = await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/admin/members/${member.user.id}`,
      token: admin.token,
      payload: { active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await readFeed(url)).statusCode).toBe(404);
  });

  it('is managed with a session only: a personal token gets 403', async () => {
    const { token } = await signIn(ctx);
    const created = await inject(ctx.app, {
      method: 'POST',
      url: '/api/me/tokens',
      token,
      payload: { name: 'script', scope: 'write', expiresInDays: 30 },
    });
    const pat = created.json().data.token as string;
    const refused = await inject(ctx.app, {
      method: 'POST',
      url: '/api/me/calendar-feed',
      token: pat,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });
});
