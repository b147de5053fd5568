import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Zero violations, reported with the rule, the elements and axe's own explanation when not. */
export async function expectNoViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
