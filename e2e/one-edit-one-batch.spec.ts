import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, batchSent, uniqueName } from './support/work.ts';

// Issue 34, one write path: an inline edit online costs exactly one `POST /api/sync/batch` and at most
// one read. The event stream brings the edit back to the tab that wrote it (its message names this
// device), and that message must not make the tab read again: its copy has the change already.

/** The stream's messages as the page receives them, recorded by a wrapper of the page's EventSource. */
interface StreamMessage {
  type: string;
  id?: string;
  device?: string | null;
}

declare global {
  interface Window {
    stream?: { opened: number; messages: StreamMessage[] };
  }
}

/** Runs in the page before its scripts: every EventSource it opens also writes down its opening and messages. */
function recordStream() {
  const Native = window.EventSource;
  const stream = { opened: 0, messages: [] as StreamMessage[] };
  window.stream = stream;
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('open', () => (stream.opened += 1));
      this.addEventListener('message', (event) =>
        stream.messages.push(JSON.parse(event.data) as StreamMessage),
      );
    }
  };
}

const streamOf = (page: Page) => page.evaluate(() => window.stream ?? { opened: 0, messages: [] });

/** What the page asks of the API, as it asks it (the stream itself aside). */
function apiRequests(page: Page) {
  const seen: string[] = [];
  const record = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/events')
      seen.push(`${request.method()} ${pathname}`);
  };
  page.on('request', record);
  return {
    batches: () => seen.filter((line) => line === 'POST /api/sync/batch').length,
    reads: () => seen.filter((line) => line.startsWith('GET ')),
    all: () => [...seen],
    stop: () => page.off('request', record),
  };
}

/** A project of the member's with two tasks: one edited inline, one another device renames. */
async function twoTasks(request: APIRequestContext, member: Member) {
  const api = await apiAs(request, member);
  const { id } = await api.createProject({ name: uniqueName('Devis'), description: '' });
  const [task, other] = await Promise.all(
    ['Relire le devis', 'Envoyer le devis'].map((title) =>
      api.createTask({ title: uniqueName(title), project: id }),
    ),
  );
  return { api, task: task!, other: other! };
}

const layouts = [
  { name: '1440 px', viewport: { width: 1440, height: 900 }, phone: false },
  { name: '360 px touch', viewport: { width: 360, height: 740 }, phone: true },
] as const;

for (const { name, viewport, phone } of layouts) {
  test.describe(`one inline edit online at ${name}`, () => {
    test.use({ viewport, hasTouch: phone, isMobile: phone });

    test('costs one batch and at most one read; its own stream message reads nothing', async ({
      page,
      request,
      member,
    }) => {
      const { api, task, other } = await twoTasks(request, member);

      await page.addInitScript(recordStream);
      // The page's timers run at their pace, and the test can also run them on at once (below).
      await page.clock.install();
      await signIn(page, member);
      await expectDashboard(page, member);
      await page.goto('/tasks');
      await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Liste' });
      const row = table.getByRole('row', { name: task.title, exact: true });
      await expect(row).toBeVisible();
      // The stream is open and the page's own catch-up has landed.
      await expect.poll(async () => (await streamOf(page)).opened).toBe(1);
      await expect(page.getByText('Synchronisation…')).toHaveCount(0);
      const heardBefore = (await streamOf(page)).messages.length;

      const requests = apiRequests(page);
      const sent = batchSent(page);
      if (phone) await row.getByRole('button', { name: /^Statut de .* : À faire\./ }).tap();
      else
        await row
          .getByRole('combobox', { name: `Statut de « ${task.title} »` })
          .selectOption({ label: 'En cours' });
      await expect(
        page.getByRole('status').filter({ hasText: `« ${task.title} » : statut En cours.` }),
      ).toBeAttached();
      expect((await sent).ok()).toBe(true);

      // The server announces the change to every stream, this page's included, naming this device.
      await expect
        .poll(async () => (await streamOf(page)).messages.filter((message) => message.id === task.id))
        .toEqual([expect.objectContaining({ type: 'task.updated', device: expect.any(String) })]);
      // A change announced by another device is read 600 ms after its burst: run the page's timers on
      // past that, so a read the message had asked for would leave now.
      await page.clock.runFor(1_000);

      // Another device renames the other task: the page reads once for it, and shows it. Any read the
      // edit's own message had asked for has left by then.
      const renamed = `${other.title} (relu)`;
      await api.updateTask(other.id, { title: renamed });
      await expect(table.getByRole('row', { name: renamed, exact: true })).toBeVisible();
      requests.stop();

      expect(requests.batches(), requests.all().join('\n')).toBe(1);
      // Other tests of the run write in the same workspace meanwhile, and each of their changes is
      // another device's: the page may read for it. Alone, the page reads once for the renamed task and
      // at most once for the edit (its send's own catch-up).
      const elsewhere = (await streamOf(page)).messages
        .slice(heardBefore)
        .filter((message) => message.id !== task.id && message.id !== other.id && message.type !== 'ping');
      const reads = requests.reads();
      expect(
        reads.every((read) => read === 'GET /api/sync/changes'),
        reads.join('\n'),
      ).toBe(true);
      expect(reads.length - 1 - elsewhere.length, reads.join('\n')).toBeLessThanOrEqual(1);
      const stored = (await api.listTasks()).find((candidate) => candidate.id === task.id);
      expect(stored?.status).toBe('in_progress');
    });
  });
}
