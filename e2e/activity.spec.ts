import { chooseScheme, expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { createMember } from './support/members.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issue 13: /activity shows the team's project and task activity, newest first, filtered by person
// and by project, each row linking to what it names; axe at 360 and 1440 px, light and dark.

test.describe('/activity at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a member reads a teammate's activity, filters it, and opens what a row names", async ({
    page,
    request,
    member,
  }) => {
    const teammate = await createMember(request);
    const api = await apiAs(request, teammate);
    const project = await api.createProject({
      name: uniqueName('Chantier partagé'),
      description: 'Pour l’activité',
    });
    const task = await api.createTask({ title: uniqueName('Poser les fenêtres'), project: project.id });
    const mine = await (
      await apiAs(request, member)
    ).createProject({ name: uniqueName('Mon projet'), description: 'Le mien' });

    await signIn(page, member);
    await expectDashboard(page, member);
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect(page.getByRole('heading', { level: 1, name: 'Activité' })).toBeVisible();

    await page.getByLabel('Projet').selectOption({ label: project.name });
    await expect(page).toHaveURL(new RegExp(`project=${project.id}`));
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(
      `${teammate.username} a créé une tâche : Tâche créée : ${task.title}`,
    );
    await expect(items.nth(1)).toContainText(
      `${teammate.username} a créé un projet : Projet créé : ${project.name}`,
    );
    await expectNoViolationsInBothSchemes(page, '/activity filtered by project (1440 px)');

    await page.getByLabel('Personne').selectOption({ label: member.username });
    await expect(page.getByText('Aucune activité pour ces filtres.')).toBeVisible();
    await page.getByLabel('Projet').selectOption({ label: 'Tous les projets' });
    await expect(items.first()).toContainText(
      `${member.username} a créé un projet : Projet créé : ${mine.name}`,
    );

    await page.getByLabel('Personne').selectOption({ label: teammate.username });
    await page.getByRole('link', { name: `Tâche créée : ${task.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: task.title })).toBeVisible();
    await page.getByRole('link', { name: `Projet créé : ${project.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
  });
});

test.describe('/activity at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the list filtered by project, chosen dark from the menu, axe in both schemes', async ({
    page,
    request,
    member,
  }) => {
    const project = await (
      await apiAs(request, member)
    ).createProject({ name: uniqueName('Projet visible'), description: 'axe' });
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, member);
    await expectDashboard(page, member);
    // The real 'Mode sombre' toggle, from the phone's menu drawer (the desk's is in accessibility.spec.ts).
    await chooseScheme(page, 'dark');
    await page.goto(`/activity?project=${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Activité' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Projet créé : ${project.name}` })).toBeVisible();
    await expectNoViolationsInBothSchemes(page, '/activity filtered by project (360 px)');
  });
});
