import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Zero violations, reported with the rule, the elements and axe's own explanation when not. Every
 * WCAG 2.1 A/AA rule, or only the `rules` named.
 */
export async function expectNoViolations(page: Page, screen: string, rules?: readonly string[]) {
  // axe.run in the page itself. By default AxeBuilder runs axe in parts and joins them in a blank page it
  // opens for every check (two to three times as long); what only that way covers, frames of another
  // origin, the app does not have.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const { violations } = await (rules ? axe.withRules([...rules]) : axe.withTags(WCAG_TAGS)).analyze();
  const readable = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(readable, `axe violations on ${screen}`).toEqual([]);
}

export type Scheme = 'light' | 'dark';

/**
 * Signed in, the colour scheme is the person's choice: 'Mode sombre' for dark, and light as the
 * system (emulated light) gives it otherwise. Checks the page really wears it.
 */
export async function chooseScheme(page: Page, scheme: Scheme) {
  const html = page.locator('html');
  if (scheme === 'dark') {
    // On a phone the theme toggle is in the menu's drawer (decision 0034): open it, and close it after.
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const phone = await menu.isVisible();
    if (phone) await menu.click();
    await page.getByRole('button', { name: 'Mode sombre' }).click();
    if (phone) await page.getByRole('button', { name: 'Fermer le menu' }).click();
  }
  await expect(html).toHaveAttribute('data-theme', scheme);
}

/**
 * The WCAG A/AA rules whose outcome depends on colours: the only ones a colour scheme can change (the
 * elements, names and roles are the same in both).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Axe in the scheme the page wears (every rule), then in the other one (COLOUR_RULES), then the page as
 * it was: a journey runs once and its dialogs, menus and states are still checked in light and in
 * dark. The other scheme is put on the page the way the app's CSS reads it (theme-store.ts:
 * `<html data-theme>` and `style.colorScheme`); the app reads the system preference only at start, so
 * emulating the media would not change it. The person's stored choice and the app's own state are
 * left alone.
 */
export async function expectNoViolationsInBothSchemes(page: Page, screen: string) {
  const worn = await page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    colorScheme: document.documentElement.style.colorScheme,
  }));
  const first: Scheme = worn.theme === 'dark' ? 'dark' : 'light';
  const other: Scheme = first === 'dark' ? 'light' : 'dark';
  await expectNoViolations(page, `${screen} (${first})`);
  const background = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-bg').trim());
  const firstBackground = await background();
  try {
    await wearScheme(page, { theme: other, colorScheme: other });
    // Proof that the CSS really follows: the other scheme's background, not the first one's.
    expect(await background(), `${screen}: the ${other} scheme's background`).not.toBe(firstBackground);
    await expectNoViolations(page, `${screen} (${other})`, COLOUR_RULES);
  } finally {
    await wearScheme(page, worn);
  }
}

/**
 * Sets (or, for null, removes) `<html data-theme>` and `style.colorScheme`, then lets what follows the
 * attribute settle before axe reads the colours: the colour transitions, and the parts that redraw in
 * the next frames (the dashboard's charts and the login background observe the attribute).
 */
async function wearScheme(page: Page, worn: { theme: string | null; colorScheme: string }) {
  await page.evaluate(async ({ theme, colorScheme }) => {
    const html = document.documentElement;
    if (theme === null) html.removeAttribute('data-theme');
    else html.setAttribute('data-theme', theme);
    html.style.colorScheme = colorScheme;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  }, worn);
}
