import { offerWords } from '@recell/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, loadedScreen, page, screenMeta } from '../../../testing/story-helpers';

// "Make an offer" beside Book on a phone's page (the Galaxy A54: $210, one offer of the buyer's declined there
// already), and its dialog.
const meta = {
  title: 'Screens/Phone/Make an offer',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/mobile/m-samsung-a54', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const open = async () => {
  await userEvent.click(await page().findByRole('button', { name: 'Make an offer for Samsung Galaxy A54' }));
  return within(await page().findByRole('dialog', { name: 'Make an offer for Samsung Galaxy A54' }));
};

/** The promise and the offers left are said where the buyer decides. */
export const Dialog: Story = {
  play: async () => {
    const dialog = await open();
    // visible once the dialog's entering animation is over
    await waitFor(() => expect(dialog.getByText(offerWords.promise())).toBeVisible());
    await expect(await dialog.findByText(offerWords.left(2))).toBeVisible();
  },
};

/** Under half the asking price: refused in the rulebook's words, nothing made. */
export const Refused: Story = {
  play: async (context) => {
    const dialog = await open();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Your offer (dollars)' }), '100');
    await userEvent.click(dialog.getByRole('button', { name: 'Offer and hold my card' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'An offer must be at least half the asking price ($105)',
    );
    await expect(
      loadedScreen(context).mockStore.offers.filter((o) => o.status === 'awaiting_card'),
    ).toHaveLength(0);
  },
};

/** Made: on to the card, for the offer's amount. */
export const ToTheCard: Story = {
  play: async (context) => {
    const dialog = await open();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Your offer (dollars)' }), '190');
    await userEvent.type(dialog.getByLabelText('Note to the seller (optional)'), 'Can meet in Gulshan');
    await userEvent.click(dialog.getByRole('button', { name: 'Offer and hold my card' }));
    await expect(await page().findByText('Please hold $190 on your card')).toBeVisible();
    await waitFor(() =>
      expect(loadedScreen(context).location.history?.at(-1)).toMatch(/^\/dashboard\/payment\/offer\//),
    );
    await expect(await page().findByRole('button', { name: 'Hold $190' })).toBeVisible();
  },
};

/** At 375 px Book and Make an offer share the bar at the screen's foot. */
export const BarAt375: Story = at375({
  play: async () => {
    await expect(await page().findByRole('button', { name: 'Book Samsung Galaxy A54' })).toBeVisible();
    const offer = page().getByRole('button', { name: 'Make an offer for Samsung Galaxy A54' });
    await expect(offer).toBeVisible();
    // one row: the bar stays compact, and never covers the page's price
    const book = page().getByRole('button', { name: 'Book Samsung Galaxy A54' });
    await expect(offer.getBoundingClientRect().top).toBe(book.getBoundingClientRect().top);
    await expect(offer.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  },
});

/** An offer of the buyer's is open on this phone (the seed's, on the iPhone 13): the bar leads to it. */
export const OfferOpen: Story = {
  parameters: { screen: { route: '/mobile/m-apple-iphone-13' } },
  play: async () => {
    await expect(await page().findByRole('link', { name: 'Your offer for Apple iPhone 13' })).toHaveAttribute(
      'href',
      '/dashboard/offers',
    );
    await expect(page().queryByRole('button', { name: 'Make an offer for Apple iPhone 13' })).toBeNull();
  },
};
