import { expect, type Page } from '@playwright/test';
import { ICON_GLYPH } from '../../apps/web/src/test/icon-glyphs.ts';

/** Fails when a text node, or a ::before / ::after content, of the page shows an icon glyph (ICON_GLYPH). */
export async function expectNoIconGlyphs(page: Page, screen: string) {
  const found = await page.evaluate((source) => {
    const glyph = new RegExp(source, 'u');
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (glyph.test(text))
        hits.push(`text "${text.trim().slice(0, 60)}" in <${node.parentElement?.tagName.toLowerCase()}>`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        if (content && content !== 'none' && content !== 'normal' && glyph.test(content)) {
          hits.push(
            `${pseudo} content ${content} of <${element.tagName.toLowerCase()} class="${element.className}">`,
          );
        }
      }
    }
    return hits;
  }, ICON_GLYPH.source);
  expect.soft(found, `emoji or symbol glyphs on ${screen}`).toEqual([]);
}

/** No page-level horizontal scroll: wide content must scroll inside its own box. */
export async function expectNoPageOverflow(page: Page, screen: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect
    .soft(widths.scroll, `page-level horizontal overflow on ${screen} (${widths.scroll} > ${widths.inner})`)
    .toBeLessThanOrEqual(widths.inner);
}

/** The screen's title starts within the first `limit` px of the page (read at the top of the page). */
export async function expectTitleNearTop(page: Page, screen: string, limit = 120) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toBeVisible();
  const top = await h1.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  expect.soft(top, `h1 of ${screen} starts ${top} px down`).toBeLessThanOrEqual(limit);
}

/**
 * Every visible control a finger aims at (buttons, fields, selects, the navigation's links) is at least
 * 44 x 44 px (WCAG 2.5.8's 24 px, and the 44 px of 2.5.5). Links inside running text are exempt.
 */
export async function expectTouchTargets(page: Page, screen: string) {
  const small = await page.evaluate(() => {
    const selector =
      'button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), .nav__link, [role="tab"]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.checkVisibility() && !element.closest('[inert]'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 43.5 || box.height < 43.5))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
  });
  expect.soft(small, `touch targets under 44 x 44 px on ${screen}`).toEqual([]);
}
