import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  at375,
  hang,
  loadedScreen,
  page,
  screenMeta,
  SERVER_ERROR,
  serverError,
} from '../../../testing/story-helpers';
import { priceGuideQueryKey } from '../api/get-price-guide';

// The price guide's line in its states, where it stands: by Add Product's price, for the model,
// storage and condition chosen, and beside a listing's price. The mocks read the demo's captured prices
// (fixtures/price-history.ts): Galaxy S21 128 GB Good has 14 deals in 90 days, 256 GB Excellent 3, the
// iPhone 14 Pro none.
const meta = {
  title: 'Screens/Price guide line',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/addProduct', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;

async function choose(label: RegExp, option: string) {
  await userEvent.click(await page().findByRole('button', { name: label }));
  await userEvent.click(await page().findByRole('option', { name: option }));
  await waitFor(() => expect(page().getByRole('button', { name: label })).toHaveTextContent(option));
}

async function pick(brand: string, model: string, storage: string, condition: string) {
  await choose(/Brand/, brand);
  await choose(/Model/, model);
  await choose(/Storage/, storage);
  await choose(/Condition/, condition);
}

/** The line with its words, then the link to the model's price history. */
async function findLine(words: string, modelKey: string) {
  const line = (await page().findByText(words, { exact: false })).closest('p')!;
  await expect(line).toHaveTextContent(`${words}. See price history`);
  await expect(within(line).getByRole('link', { name: 'See price history' })).toHaveAttribute(
    'href',
    `/prices/${modelKey}`,
  );
  return line;
}

/** Waits until the model's guide was answered (or refused), so that "nothing shown" is after the answer. */
async function answered(
  context: Parameters<typeof loadedScreen>[0],
  modelKey: string,
  status: 'success' | 'error',
) {
  const { queryClient } = loadedScreen(context);
  await waitFor(() => expect(queryClient.getQueryState(priceGuideQueryKey(modelKey))?.status).toBe(status));
}

/** Enough deals: the range of the middle half of the prices, and how many deals back it. */
export const Enough: Story = {
  play: async () => {
    await pick('Samsung', 'Galaxy S21', '128 GB', 'Good');
    await findLine('Good, 128 GB: $391.25-$408.75 from 14 completed deals', 'samsung-galaxy-s21');
  },
};

export const EnoughAt375: Story = at375(Enough);

/** Below the minimum: only how many deals there are of the five a range needs. */
export const BelowFive: Story = {
  play: async () => {
    await pick('Samsung', 'Galaxy S21', '256 GB', 'Excellent');
    await findLine('Not enough completed deals yet (3 of 5)', 'samsung-galaxy-s21');
  },
};

/** A model nobody has sold on ReCell yet. */
export const NoDeals: Story = {
  play: async () => {
    await pick('Apple', 'iPhone 14 Pro', '256 GB', 'Good');
    await findLine('Not enough completed deals yet (0 of 5)', 'apple-iphone-14-pro');
  },
};

/** A phone not in the list: no model, so no guide and no link. */
export const NoModel: Story = {
  play: async () => {
    await choose(/Condition/, 'Good');
    await expect(await page().findByLabelText('Resale price')).toBeVisible();
    await expect(page().queryByRole('link', { name: 'See price history' })).toBeNull();
    await expect(page().queryByText(/completed deals/)).toBeNull();
  },
};

/** While the guide loads, its line keeps its place, empty. */
export const Loading: Story = {
  parameters: { screen: { handlers: [hang('/price-guide/*')] } },
  play: async () => {
    await pick('Samsung', 'Galaxy S21', '128 GB', 'Good');
    const price = page().getByLabelText('Resale price');
    await waitFor(() => expect(document.querySelector('p[aria-live="polite"]:empty')).not.toBeNull());
    await expect(price).toBeEnabled();
    await expect(page().queryByText(/completed deals/)).toBeNull();
  },
};

/** A guide that cannot be read says nothing: the form is the seller's, the guide only a hint. */
export const Failed: Story = {
  parameters: { screen: { handlers: [serverError('/price-guide/*')] } },
  play: async (context) => {
    await pick('Samsung', 'Galaxy S21', '128 GB', 'Good');
    await answered(context, 'samsung-galaxy-s21', 'error');
    await expect(page().getByLabelText('Resale price')).toBeEnabled();
    await expect(document.querySelector('p[aria-live="polite"]')).toBeNull();
    await expect(page().queryByText(/completed deals/)).toBeNull();
    // no toast, no error: the server's words are not the seller's business here
    await expect(page().queryByText(SERVER_ERROR.message)).toBeNull();
  },
};

/** Edit reads the listing's model (here its title's, as it names no catalogue model) and follows the choices. */
export const InEdit: Story = {
  parameters: { screen: { route: '/dashboard/myProduct' } },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Edit ${s21.title}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Edit ${s21.title}` }));
    const enough = await dialog.findByText(/Good, 128 GB: \$391\.25-\$408\.75 from 14 completed deals/);
    // visible once the dialog's entering animation is over
    await waitFor(() => expect(enough).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: /Condition/ }));
    await userEvent.click(await page().findByRole('option', { name: 'Excellent' }));
    await expect(await dialog.findByText(/Not enough completed deals yet \(0 of 5\)/)).toBeInTheDocument();
  },
};

/** A listing far under the median: the demo's Galaxy S21 at $320 against $400. */
export const ListingFarUnder: Story = {
  parameters: { screen: { route: `/mobile/${s21._id}`, persona: 'visitor' } },
  play: async () => {
    await findLine('20 % below the median of 14 completed deals', 'samsung-galaxy-s21');
  },
};

/** A listing far over the median. */
export const ListingFarOver: Story = {
  parameters: {
    screen: {
      route: `/mobile/${s21._id}`,
      persona: 'visitor',
      seed: (store) => {
        store.mobiles.find((mobile) => mobile._id === s21._id)!.resale_price = 560;
      },
    },
  },
  play: async () => {
    await findLine('40 % above the median of 14 completed deals', 'samsung-galaxy-s21');
  },
};

export const ListingFarOverAt375: Story = at375(ListingFarOver);

/** A listing whose range has too few deals for a median says nothing beside its price. */
export const ListingTooFewDeals: Story = {
  parameters: {
    screen: {
      route: `/mobile/${s21._id}`,
      persona: 'visitor',
      seed: (store) => {
        store.mobiles.find((mobile) => mobile._id === s21._id)!.storageGb = 256;
      },
    },
  },
  play: async (context) => {
    await expect(await page().findByRole('heading', { level: 1, name: s21.title })).toBeVisible();
    await answered(context, 'samsung-galaxy-s21', 'success');
    await expect(page().queryByText(/median of/)).toBeNull();
    await expect(page().queryByRole('link', { name: 'See price history' })).toBeNull();
  },
};
