import type { Page } from 'playwright-core';

/**
 * Moves the first card of 'À faire' to the column named `column` ('En revue', 'En cours') through its
 * 'Déplacer … vers' menu, as a person does, and answers how long from the choice in the menu until the
 * screen shows the move: the card gone from 'À faire' and that column's count down by one (the target
 * column is virtualised and ordered by creation, so the card itself may land outside its rendered window).
 * No named function inside: tsx would wrap it in a helper the page does not have.
 */
export function moveFirstTodoCard(page: Page, column: string): Promise<number> {
  return page.evaluate(async (target) => {
    const todo = document.querySelector('[data-status="todo"]');
    const card = todo?.querySelector('article');
    const heading = todo?.querySelector('h2');
    const open = card?.querySelector<HTMLButtonElement>('button[aria-label^="Déplacer"]');
    if (!todo || !card || !heading || !open) throw new Error("no card with a 'Déplacer' button in À faire");
    open.click();
    for (let frames = 0; frames < 600 && !card.querySelector('[role="menuitem"]'); frames++)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    const item = Array.from(card.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')).find((option) =>
      option.textContent?.includes(target),
    );
    if (!item) throw new Error(`no '${target}' in the card's menu`);
    const countBefore = heading.textContent;
    const started = performance.now();
    item.click();
    while ((card.isConnected && todo.contains(card)) || heading.textContent === countBefore) {
      if (performance.now() - started > 30_000) throw new Error(`the move to '${target}' did not show`);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return performance.now() - started;
  }, column);
}
