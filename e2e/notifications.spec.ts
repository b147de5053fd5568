import type { APIRequestContext, Page } from '@playwright/test';
import { chooseScheme, expectNoViolationsInBothSchemes } from './support/axe.ts';
import { mailsTo } from './support/mailbox.ts';
import { bearer, createMember, dataOf, signInByApi, userIdOf, type Member } from './support/members.ts';
import { expectNoPageOverflow, expectTouchTargets } from './support/screen-checks.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issue 36, notifications: Alice assigns a task to Bob and mentions him in a comment; Bob's open browser
// shows the badge go up without a reload, he opens the notification and lands on the task page; the mail
// outbox holds the French mail with the link to the task. Axe on the inbox at 1440 px and at 360 px
// touch, light and dark. It runs against the server's half of the issue (the inbox routes, the stream's
// `notification.created`, the mails), which this spec was written beside.

/** The task's title in every entry and mail: '« … »' as the inbox writes it. */
const ENTRY = (title: string) => new RegExp(`vous a (assigné|mentionné dans) « ${title} »`);
/** 'Notifications, 1 non lue', 'Notifications, 2 non lues': the grouping of Alice's changes is the server's. */
const UNREAD = /^Notifications, \d+ non lues?$/;

/** Alice, on another device: assigns the task to Bob, then mentions him in a comment. */
async function aliceNotifiesBob(request: APIRequestContext, alice: Member, bobId: string, taskId: string) {
  const { token } = await signInByApi(request, alice);
  const headers = bearer(token);
  await dataOf(await request.patch(`/api/tasks/${taskId}`, { headers, data: { assignee: bobId } }));
  await dataOf(
    await request.post(`/api/tasks/${taskId}/comments`, {
      headers,
      data: { body: `<@${bobId}> peux-tu relire le texte avant l’impression ?` },
    }),
  );
}

async function aliceTask(request: APIRequestContext, alice: Member) {
  const api = await apiAs(request, alice);
  const project = await api.createProject({ name: uniqueName('Salon'), description: '' });
  return api.createTask({ title: uniqueName('Imprimer les kakémonos'), project: project.id });
}

/** /me's 'Par e-mail' set to 'Immédiatement', as Bob would: the default daily digest waits for 08:00. */
async function mailAtOnce(page: Page) {
  await page.goto('/me');
  const select = page.getByRole('combobox', { name: 'Par e-mail' });
  await expect(select).toHaveValue('daily');
  await select.selectOption({ label: 'Immédiatement' });
  await expect(page.getByText('Préférence enregistrée.')).toBeVisible();
}

test.describe('notifications at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Bob’s open browser shows Alice’s assignment and mention live, opens it on the task page, and gets the mail', async ({
    page,
    request,
    member: bob,
  }) => {
    test.setTimeout(90_000);
    const alice = await createMember(request, { username: uniqueName('Alice') });
    const bobId = await userIdOf(request, bob);
    const task = await aliceTask(request, alice);
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, bob);
    await expectDashboard(page, bob);
    await mailAtOnce(page);
    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toBeVisible();

    await aliceNotifiesBob(request, alice, bobId, task.id);
    // No reload: only the event stream can tell this page.
    const sent = Date.now();
    const unread = page.getByRole('button', { name: UNREAD });
    await expect(unread).toBeVisible();
    test.info().annotations.push({ type: 'delay', description: `badge up after ${Date.now() - sent} ms` });
    await expect(page.getByRole('status').filter({ hasText: 'Nouvelle notification.' })).toBeVisible();

    await unread.click();
    const inbox = page.getByRole('region', { name: 'Notifications' });
    const entry = inbox.getByRole('link', { name: ENTRY(task.title) }).first();
    await expect(entry).toHaveAccessibleName(/^Non lue : /);
    await expect(inbox.getByText(/^il y a \d+ [smhj]$/).first()).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'the inbox open in the sidebar (1440 px)');

    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { name: task.title })).toBeVisible();

    // The mail left through the outbox: French, with the task's title and the link to its page.
    await expect
      .poll(() => mailsTo(bob.email).filter((mail) => mail.text.includes(task.title)).length)
      .toBeGreaterThan(0);
    const mail = mailsTo(bob.email).find((mail) => mail.text.includes(task.title))!;
    expect(mail.text).toMatch(new RegExp(`https?://\\S+/tasks/${task.id}`));
    expect(mail.text).toMatch(/vous a (assigné|mentionné)/);
  });
});

test.describe('notifications at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the top bar’s bell leads to /notifications, where everything can be marked read', async ({
    page,
    request,
    member: bob,
  }) => {
    test.setTimeout(90_000);
    const alice = await createMember(request, { username: uniqueName('Alice') });
    const bobId = await userIdOf(request, bob);
    const task = await aliceTask(request, alice);
    await aliceNotifiesBob(request, alice, bobId, task.id);
    await signIn(page, bob);
    await expectDashboard(page, bob);
    await chooseScheme(page, 'dark');

    await page.getByRole('link', { name: UNREAD }).tap();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('link', { name: ENTRY(task.title) }).first()).toBeVisible();
    await expectNoViolationsInBothSchemes(page, '/notifications (360 px)');
    await expectTouchTargets(page, '/notifications (360 px)');
    await expectNoPageOverflow(page, '/notifications (360 px)');

    await page.getByRole('button', { name: 'Tout marquer comme lu' }).tap();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Non lue : / })).toHaveCount(0);
  });
});
