// What a condition promises, where a buyer chooses and reads it: the catalogue's condition filter and
// the listing page. The words are @recell/api's GRADES, the definition the server holds listings to.
import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;

describe('the grades, for buyers', () => {
  it("says the chosen condition's promise under the filter", async () => {
    const { user } = renderApp('/category/02?condition=Excellent', { as: demoAccounts.buyer });
    await screen.findByText(/^[0-9]+ phones?$/, {}, { timeout: 10_000 });
    // the filters fold behind one button until opened
    await user.click(screen.getByRole('button', { name: /^Filters and sort/ }));
    // the Condition filter, set to Excellent, says what Excellent promises (the whole guide is on each listing:
    // beside the filters it pushed the first results below the fold)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Excellent Condition' })).toHaveAccessibleDescription(
        'No marks on the screen or the body that can be seen from 20 cm. Battery health at least 85 %.',
      ),
    );
  });

  it('says on the listing what its condition promises, and every grade folded beside it', async () => {
    const { user } = renderApp(`/mobile/${s21._id}`, { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { level: 1, name: s21.title })).toBeInTheDocument();
    expect(
      screen.getByText(/^Good: Light marks on the body that cannot be seen from 50 cm/),
    ).toHaveTextContent('Battery health at least 80 %.');
    await user.click(screen.getByText('What the conditions mean'));
    for (const words of [
      /^Excellent: looks like new$/,
      /^Good: light signs of use$/,
      /^Fair: visible signs of use$/,
    ])
      expect(screen.getByText(words, { selector: 'dt' })).toBeVisible();
  });
});
