import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { Result } from 'axe-core';

// axe-core on a page of the console, the one way every browser test runs it.
//
// Legacy mode: axe.run in the page itself (and in its same-origin frames, such as the licence
// text). The default mode runs each frame's part and then opens a blank page of its own to put the
// parts together, which took about 1.9 s per check on these machines against 0.75 s, for the same
// findings (13 pages of the tour, light and dark, compared). The console has no cross-origin frame,
// the one thing legacy mode cannot look into.

/** WCAG 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

export async function axeViolations(page: Page, options: { tags?: readonly string[] } = {}): Promise<Result[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (options.tags) builder = builder.withTags([...options.tags]);
  // Only violations are read, so axe need not gather the passing and inapplicable nodes.
  const { violations } = await builder.options({ resultTypes: ['violations'] }).analyze();
  return violations;
}
