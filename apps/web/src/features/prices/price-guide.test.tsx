// The price guide where sellers and buyers meet it: Add Product and Edit follow the model, storage and
// condition chosen; a listing says how far its price is from the median. Over the mocks, which read the demo's
// captured prices (Galaxy S21: 128 GB Good 14 deals, 256 GB Excellent 3).
import { demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { priceGuideQueryKey } from './api/get-price-guide';

const { seller } = demoAccounts;
type User = ReturnType<typeof renderApp>['user'];

/** Picks an option of the design system's Select (a button that opens a list box). */
async function choose(user: User, label: string, option: string, scope: ReturnType<typeof within> = screen) {
  await user.click(await scope.findByRole('button', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
  expect(scope.getByRole('button', { name: new RegExp(label) })).toHaveTextContent(option);
}

/** The guide's line (its paragraph), found by its words. */
const line = async (words: string) => (await screen.findByText(words, { exact: false })).closest('p')!;

describe('the price guide line', () => {
  it('follows the model, storage and condition Add Product is given, with the model’s history linked', async () => {
    const { user } = renderApp('/dashboard/addProduct', { as: seller });
    await choose(user, 'Brand', 'Samsung');
    await choose(user, 'Model', 'Galaxy S21');
    await choose(user, 'Storage', '128 GB');
    const enough = await line('Good, 128 GB: $391.25-$408.75 from 14 completed deals');
    expect(within(enough).getByRole('link', { name: 'See price history' })).toHaveAttribute(
      'href',
      '/prices/samsung-galaxy-s21',
    );
    await choose(user, 'Storage', '256 GB');
    await choose(user, 'Condition', 'Excellent');
    expect(await line('Not enough completed deals yet (3 of 5)')).toBeInTheDocument();
    // a phone not in the list has no guide
    await choose(user, 'Model', 'Not in the list');
    await waitFor(() => expect(screen.queryByText(/completed deals/)).toBeNull());
    expect(screen.queryByRole('link', { name: 'See price history' })).toBeNull();
  });

  it('in Edit, reads the listing’s model (its title’s key when it names no catalogue model) and follows the choices', async () => {
    const { user } = renderApp('/dashboard/myProduct', { as: seller });
    await user.click(await screen.findByRole('button', { name: 'Edit Samsung Galaxy S21' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Samsung Galaxy S21' }));
    expect(
      await dialog.findByText(/Good, 128 GB: \$391\.25-\$408\.75 from 14 completed deals/),
    ).toBeVisible();
    await choose(user, 'Condition', 'Excellent', dialog);
    expect(await dialog.findByText(/Not enough completed deals yet \(0 of 5\)/)).toBeVisible();
    await choose(user, 'Storage', '256 GB', dialog);
    expect(await dialog.findByText(/Not enough completed deals yet \(3 of 5\)/)).toBeVisible();
  });

  it('on a listing, says how far its price is from the median, and nothing without one', async () => {
    const far = renderApp('/mobile/m-samsung-s21');
    const compared = await line('20 % below the median of 14 completed deals');
    expect(compared).toHaveTextContent('20 % below the median of 14 completed deals. See price history');
    far.unmount();

    const { queryClient } = renderApp('/mobile/m-samsung-s21', {
      seed: (store) => {
        store.mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!.storageGb = 256;
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S21' })).toBeVisible();
    await waitFor(() =>
      expect(queryClient.getQueryState(priceGuideQueryKey('samsung-galaxy-s21'))?.status).toBe('success'),
    );
    expect(screen.queryByText(/median of/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'See price history' })).toBeNull();
  });
});
