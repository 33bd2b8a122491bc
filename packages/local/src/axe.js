// axe as every browser check runs it (the e2e journeys, the 320 px check): the WCAG 2.x A/AA rules on the page as
// it is now, one line per violation (an empty list: none).
import { AxeBuilder } from '@axe-core/playwright';

/** @param {import('playwright-core').Page} page */
export async function axeViolations(page) {
  // A dialog still fading in reads as low contrast (its buttons are half transparent): axe waits for every
  // finite animation or transition to end (a spinner's endless one never would).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // react-aria's off-screen live announcer keeps an announcement that points (aria-labelledby) at a label
    // which has already left the page; it is react-aria's node, not the app's.
    .exclude('[data-live-announcer]')
    .analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 200)}`)
        .join('\n  ')}`,
  );
}
