import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import * as dialogStories from './components/Dialog/Dialog.stories';
import * as phoneCardStories from './components/PhoneCard/PhoneCard.stories';

// PNGs for people to look at (the lead cites this folder): packages/ui/test-results/screenshots/.
const OUT = '../test-results/screenshots';

/** Entering animations finished, so the picture is what people see at rest. */
async function settled() {
  await expect.poll(() => document.getAnimations().filter((a) => a.playState === 'running').length).toBe(0);
}

describe.each(['light', 'dark'] as const)('screenshots in the %s theme', (theme) => {
  it('PhoneCard', async () => {
    const { Default } = composeStories(phoneCardStories, { initialGlobals: { theme } });
    await Default.run();
    const card = page.getByRole('article');
    await expect.element(card).toBeVisible();
    const picture = page.getByRole('img', { name: 'Xiaomi Redmi Note 12' });
    await expect.poll(() => (picture.element() as HTMLImageElement).naturalWidth).toBeGreaterThan(0);
    await settled();
    const path = await page.screenshot({ path: `${OUT}/phone-card-${theme}.png`, element: card });
    expect(path).toMatch(new RegExp(`phone-card-${theme}\\.png$`));
  });

  it('Dialog', async () => {
    const { Open } = composeStories(dialogStories, { initialGlobals: { theme } });
    await Open.run();
    const dialog = page.getByRole('dialog');
    await expect.element(dialog).toBeVisible();
    await settled();
    const path = await page.screenshot({ path: `${OUT}/dialog-${theme}.png` });
    expect(path).toMatch(new RegExp(`dialog-${theme}\\.png$`));
  });
});
