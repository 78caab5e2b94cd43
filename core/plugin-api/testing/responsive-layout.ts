import type { Locator, Page } from 'playwright-core';

/** A word of a table cell that the cell does not hold: wider than its content box, or broken across lines. */
export interface SqueezedWord {
  word: string;
  /** The word's laid-out width, in CSS pixels (summed over its lines when broken). */
  wordWidth: number;
  /** The width of the cell's content box (its width less its padding). */
  cellWidth: number;
  broken: boolean;
}

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/**
 * Every word of every header and body cell of `table` that its cell squeezes. A word is a run of text without a
 * space; it is measured where the browser laid it out (a Range over its characters), so a word broken over two
 * lines is caught as well as one wider than its cell. Text drawn for screen readers only (1 px boxes) is skipped.
 */
export function squeezedWords(table: Locator): Promise<SqueezedWord[]> {
  return table.evaluate((element) => {
    const squeezed: SqueezedWord[] = [];
    for (const cell of element.querySelectorAll('th, td')) {
      const style = getComputedStyle(cell);
      const cellWidth = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const box = node.parentElement?.getBoundingClientRect();
        if (!box || box.width <= 1 || box.height <= 1) continue;
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
          const wordWidth = lines.reduce((sum, rect) => sum + rect.width, 0);
          const broken = lines.length > 1;
          if (broken || wordWidth > cellWidth + 0.5) squeezed.push({ word: match[0], wordWidth, cellWidth, broken });
        }
      }
    }
    return squeezed;
  });
}
