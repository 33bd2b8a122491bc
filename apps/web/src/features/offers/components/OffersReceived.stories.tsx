import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, findAnnounced, loadedScreen, page, screenMeta } from '../../../testing/story-helpers';
import { conversationOfPending, only } from './offer-scenes';

// My Buyers' Offers tab: the seller accepts, counters or declines; each listing's automatic decline floor below.
const meta = {
  title: 'Screens/Dashboard/Offers received',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/myBuyers/offers', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const pendingCard = async () =>
  within(await page().findByRole('article', { name: 'Offer for Apple iPhone 13' }));

export const Pending: Story = {
  parameters: { screen: { seed: only('o-demo-pending') } },
  play: async () => {
    const offer = await pendingCard();
    await expect(offer.getByText('Ayesha Khan offered').nextElementSibling).toHaveTextContent('$560');
    for (const action of [
      'Accept $560 from Ayesha Khan',
      "Counter Ayesha Khan's offer",
      "Decline Ayesha Khan's offer",
    ])
      await expect(offer.getByRole('button', { name: (name) => name.startsWith(action) })).toBeVisible();
  },
};

export const PendingAt375: Story = at375(Pending);

/** Accepting turns the card already held into the deal: no second card entry. */
export const Accepting: Story = {
  parameters: { screen: { seed: only('o-demo-pending') } },
  play: async (context) => {
    const offer = await pendingCard();
    await userEvent.click(offer.getByRole('button', { name: (name) => name.startsWith('Accept $560') }));
    await findAnnounced("Accepted: $560 is held on the buyer's card");
    await expect(await offer.findByText(/Accepted at \$560/)).toBeVisible();
    const { mockStore } = loadedScreen(context);
    await waitFor(() => expect(mockStore.bookings.at(-1)).toMatchObject({ status: 'held', price: 560 }));
  },
};

/** A counter above the asking price is refused in the rulebook's words, in the dialog. */
export const CounterRefused: Story = {
  parameters: { screen: { seed: only('o-demo-pending') } },
  play: async () => {
    await userEvent.click((await pendingCard()).getByRole('button', { name: /^Counter/ }));
    const dialog = within(await page().findByRole('dialog', { name: "Counter Ayesha Khan's offer" }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Your price (dollars)' }), '700');
    await userEvent.click(dialog.getByRole('button', { name: 'Send counter' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'A counter must be above the offer ($560) and not above the asking price ($610)',
    );
  },
};

export const Countering: Story = {
  parameters: { screen: { seed: only('o-demo-pending') } },
  play: async () => {
    await userEvent.click((await pendingCard()).getByRole('button', { name: /^Counter/ }));
    const dialog = within(await page().findByRole('dialog', { name: "Counter Ayesha Khan's offer" }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Your price (dollars)' }), '590');
    await userEvent.click(dialog.getByRole('button', { name: 'Send counter' }));
    await findAnnounced('Countered at $590');
    await expect(
      await (await pendingCard()).findByText('Waiting for the buyer to accept $590.'),
    ).toBeVisible();
  },
};

/** The floor of each listing in stock: saved, and refused at or above the asking price. */
export const Floors: Story = {
  play: async (context) => {
    const name = 'Offer floor for Samsung Galaxy Z Flip4';
    // the form is drawn again once the saved floor arrives: found afresh each time
    const form = () => within(page().getByRole('form', { name }));
    await page().findByRole('form', { name });
    await waitFor(() => expect(form().getByRole('textbox')).toHaveValue('$300'));
    const save = async (value: string) => {
      await userEvent.clear(form().getByRole('textbox'));
      await userEvent.type(form().getByRole('textbox'), value);
      await userEvent.click(
        form().getByRole('button', { name: 'Save the floor for Samsung Galaxy Z Flip4' }),
      );
    };
    await save('400');
    await expect(await form().findByRole('alert')).toHaveTextContent(
      'The floor must be under the asking price ($380)',
    );
    await save('320');
    await findAnnounced('Floor of $320 on Samsung Galaxy Z Flip4');
    await expect(loadedScreen(context).mockStore.offerFloors.get('m-samsung-z-flip4')).toBe(320);
  },
};

/** The open offer between the two shows in their conversation, with the same actions. */
export const InTheConversation: Story = {
  parameters: { screen: { route: '/dashboard/messages/c-story-offer', seed: conversationOfPending } },
  play: async () => {
    const offer = await pendingCard();
    await expect(offer.getByRole('button', { name: (name) => name.startsWith('Accept $560') })).toBeVisible();
  },
};
