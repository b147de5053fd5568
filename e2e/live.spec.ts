import type { Browser, Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { createMember, type Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issue 12, live updates: what one person changes shows on another's screen without a reload; the
// connection gives up after 15 attempts and says so; "Pendant votre absence…" after a
// reconnect. The browser's clock is Playwright's where the test needs minutes to pass.

const KANBAN = '/tasks?view=kanban';
/** A kanban column, named by its heading ('En cours (1 tâche)'). */
const column = (page: Page, label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\(`) });
const indicator = (page: Page) => page.getByRole('status', { name: 'État de la connexion' });

async function signedIn(page: Page, member: Member) {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
}

/**
 * The stream is open once the server answered it (the indicator already says 'En ligne' while the stream
 * is still connecting: a clock run before the answer would find no silence timer to fire).
 */
async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto(path);
  expect((await stream).ok()).toBe(true);
  await expect(indicator(page)).toHaveText('En ligne');
}

/**
 * From now on the page's time moves only when the test runs it: an installed clock otherwise also moves
 * with real time, and on a loaded machine a retry fired on its own between two checks. (Held from the
 * start, the app would not boot: it needs its timers.)
 */
async function holdClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

/**
 * Notes in the page when its live stream was last heard of (opened, or a message such as the server's
 * ping every 25 s), on the page's clock: the minute of silence counts from there.
 */
async function noteStreamActivity(page: Page) {
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const heard = () => Object.assign(window, { lastStreamActivity: Date.now() });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('open', heard);
        this.addEventListener('message', heard);
      }
    };
  });
}

/**
 * A minute without even a ping and the stream is dead: runs the held clock to just past that minute,
 * counted from when the stream was last heard of, not by a fixed amount (the stream opened while the
 * clock still moved with real time, and a 61 s jump from there could run past the first retry, 2 s
 * later). A ping that slips in between the reading and the run moves the minute: run again from it.
 */
async function runUntilFirstReconnect(page: Page) {
  const first = 'Reconnexion… (tentative 1 sur 15)';
  // The stream's 'open' event reaches the page a moment after Playwright sees the response: until then
  // there is no time to count from (NaN).
  const quietFor = () =>
    page.evaluate(
      () =>
        Date.now() -
        ((window as unknown as { lastStreamActivity?: number }).lastStreamActivity ?? Number.NaN),
    );
  await expect.poll(quietFor).not.toBeNaN();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const quiet = await quietFor();
    await page.clock.runFor(Math.max(0, 60_000 - quiet) + 500);
    const said = await expect(indicator(page))
      .toHaveText(first, { timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (said) return;
  }
  await expect(indicator(page)).toHaveText(first);
}

async function secondBrowser(browser: Browser, member: Member) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, member);
  return { page, close: () => context.close() };
}

test('a card moved on the kanban in one browser moves in the other, without a reload', async ({
  page,
  browser,
  request,
  member,
}) => {
  const marie = member;
  const paul = await createMember(request);
  const project = await (
    await apiAs(request, marie)
  ).createProject({ name: uniqueName('Refonte'), description: '' });
  const title = uniqueName('Maquette');
  await (await apiAs(request, marie)).createTask({ title, project: project.id });

  await signedIn(page, marie);
  await openLive(page, KANBAN);
  const other = await secondBrowser(browser, paul);
  try {
    await openLive(other.page, KANBAN);
    await expect(
      column(other.page, 'À faire').getByRole('article', { name: title, exact: true }),
    ).toBeVisible();

    const card = column(page, 'À faire').getByRole('article', { name: title, exact: true });
    await card.getByRole('button', { name: `Déplacer « ${title} » vers` }).click();
    await card.getByRole('menuitem', { name: 'En cours' }).click();
    await expect(column(page, 'En cours').getByRole('article', { name: title, exact: true })).toBeVisible();

    // No reload and no polling: only the event can bring it. The delay is recorded, not asserted (timing
    // targets are never asserted in tests; the 2 s shows in the report).
    const moved = Date.now();
    await expect(
      column(other.page, 'En cours').getByRole('article', { name: title, exact: true }),
    ).toBeVisible();
    test.info().annotations.push({
      type: 'delay',
      description: `shown in the other browser after ${Date.now() - moved} ms`,
    });
    await expect(
      column(other.page, 'À faire').getByRole('article', { name: title, exact: true }),
    ).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('after 15 failed reconnects the indicator asks for a page refresh', async ({
  page,
  member,
  allowFailedRequest,
}) => {
  // Fifteen failed connections and two page loads, one after the other, each a round trip to the server:
  // on a loaded machine they alone took most of the default 45 s.
  test.setTimeout(90_000);
  allowFailedRequest(503, /\/api\/events$/);
  allowFailedRequest(503, /\/api\/auth\/sessions\/check$/);
  await noteStreamActivity(page);
  await page.clock.install();
  await signedIn(page, member);
  await openLive(page, '/tasks');
  await holdClock(page);

  // The server stops answering the stream (and the session check says nothing either).
  await page.route('**/api/events', (route) => route.fulfill({ status: 503, body: '' }));
  await page.route('**/api/auth/sessions/check', (route) => route.fulfill({ status: 503, body: '' }));
  // A minute without even a ping: the connection is dead; then each attempt fails in turn, after
  // The reconnect delay (2 s doubled, 5 s base from attempt 4, at most 60 s, plus up to 500 ms of jitter).
  await runUntilFirstReconnect(page);
  const delays = [2_000, 4_000, 8_000, 40_000, ...Array<number>(11).fill(60_000)];
  for (const [index, delay] of delays.entries()) {
    await expect(indicator(page)).toHaveText(`Reconnexion… (tentative ${index + 1} sur 15)`);
    await page.clock.runFor(delay + 500);
  }
  await expect(indicator(page)).toHaveText('Connexion perdue après 15 tentatives. Rafraîchissez la page.');

  // It stays given up, even once the server is back, until the page is refreshed.
  await page.unrouteAll();
  await page.clock.runFor(5 * 60_000);
  await expect(indicator(page)).toHaveText('Connexion perdue après 15 tentatives. Rafraîchissez la page.');
  await page.clock.resume();
  await openLive(page, '/tasks');
});

for (const width of [1440, 360] as const) {
  test.describe(`the absence digest, ${width} px`, () => {
    test.use(
      width === 360
        ? { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }
        : { viewport: { width: 1440, height: 900 } },
    );

    test('after a reconnect, what the others changed meanwhile, until dismissed', async ({
      page,
      request,
      member,
      allowFailedRequest,
    }) => {
      allowFailedRequest(503, /\/api\/events$/);
      const paul = member;
      const marie = await createMember(request);
      const marieApi = await apiAs(request, marie);
      const project = await marieApi.createProject({ name: uniqueName('Site vitrine'), description: '' });

      await noteStreamActivity(page);
      await page.clock.install();
      await signedIn(page, paul);
      await openLive(page, '/projects');
      await holdClock(page);

      // Paul's connection drops; meanwhile Marie creates two tasks and moves one.
      await page.route('**/api/events', (route) => route.fulfill({ status: 503, body: '' }));
      await runUntilFirstReconnect(page);
      const first = await marieApi.createTask({ title: uniqueName('Accueil'), project: project.id });
      await marieApi.createTask({ title: uniqueName('Contact'), project: project.id });
      await marieApi.updateTask(first.id, { status: 'in_progress' });

      await page.unrouteAll();
      await page.clock.runFor(2_600);
      await expect(indicator(page)).toHaveText('En ligne');
      await page.clock.resume();
      // The workspace is shared with the other tests' members: Marie's line is the one to read.
      const digest = page.getByRole('region', { name: 'Pendant votre absence…' });
      const maries = digest.getByRole('listitem').filter({ hasText: marie.username });
      await expect(maries).toHaveText(`${marie.username} a modifié 2 tâches dans ${project.name}`);
      await expectNoViolationsInBothSchemes(page, `absence digest (${width} px)`);

      await digest.getByRole('button', { name: 'Fermer le résumé' }).click();
      await expect(digest).toHaveCount(0);
      // Dismissed for good: a new visit does not tell Marie's changes again.
      const asked = page.waitForResponse((response) => response.url().includes('/api/events/digest?'));
      await page.reload();
      expect((await asked).ok()).toBe(true);
      await expect(indicator(page)).toHaveText('En ligne');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(`${marie.username} a modifié`)).toHaveCount(0);
    });
  });
}
