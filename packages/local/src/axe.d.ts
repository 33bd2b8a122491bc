import type { Page } from 'playwright-core';

/** axe's WCAG 2.x A/AA violations on the page as it is now, one line each; none is an empty list. */
export function axeViolations(page: Page): Promise<string[]>;
