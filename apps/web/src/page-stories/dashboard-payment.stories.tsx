import { bookings, demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  at375,
  errorState,
  findAnnounced,
  hang,
  mobile,
  page,
  screenMeta,
  SERVER_ERROR,
  serverError,
} from '../testing/story-helpers';

const unpaid = bookings.find((booking) => !booking.paid)!;
const paid = bookings.find((booking) => booking.paid)!;

const meta = {
  title: 'Screens/Dashboard/Payment',
  tags: ['!autodocs'],
  ...screenMeta({ route: `/dashboard/payment/${unpaid._id}`, persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const payButton = () => page().getByRole('button', { name: /^Hold \$\d/ });

async function payWith(number: string) {
  await waitFor(() => expect(payButton()).toBeEnabled());
  await userEvent.clear(page().getByLabelText(/Name on card/));
  await userEvent.type(page().getByLabelText(/Name on card/), 'Ayesha Khan');
  await userEvent.type(page().getByLabelText(/Card number/), number);
  await userEvent.type(page().getByLabelText(/Expiry/), '12/30');
  await userEvent.type(page().getByLabelText(/CVC/), '123');
  await userEvent.click(payButton());
}

/** The client secret has not arrived yet: Pay stays disabled. */
export const WaitingForTheSecret: Story = {
  parameters: { screen: { handlers: [hang('/create-payment-intent')] } },
  play: async () => {
    await expect(
      await page().findByRole('heading', { name: `Payment For ${unpaid.MobileName}` }),
    ).toBeVisible();
    await expect(page().getByText(`Please Pay $${unpaid.price}`)).toBeVisible();
    await expect(payButton()).toBeDisabled();
  },
};

/** The payment secret could not be made: the server's words show under the form, and Pay stays disabled. */
export const SecretFails: Story = {
  parameters: { screen: { handlers: [serverError('/create-payment-intent')] } },
  play: async () => {
    await findAnnounced(SERVER_ERROR.message, 'alert');
    await expect(payButton()).toBeDisabled();
  },
};

/** The order summary (phone, seller, price, place) above the card form, the account's name on the card. */
export const ReadyToPay: Story = {
  play: async () => {
    await page().findByRole('heading', { name: `Payment For ${unpaid.MobileName}` });
    const summary = within(page().getByRole('region', { name: 'Order summary' }));
    await expect(await summary.findByText('Seller')).toBeVisible();
    await expect(summary.getByText(`$${unpaid.price}`)).toBeVisible();
    await expect(summary.getByText(unpaid.location)).toBeVisible();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await expect(page().getByLabelText(/Name on card/)).toHaveValue(demoAccounts.buyer.name);
  },
};

export const ReadyToPayOnMobile: Story = { ...ReadyToPay, globals: mobile };

/** The processor has the card and has not answered yet. */
export const Processing: Story = {
  parameters: { screen: { handlers: [hang('/test-processor/payment-intents/*')] } },
  play: async () => {
    await payWith('4242 4242 4242 4242');
    await expect(await page().findByRole('progressbar', { name: 'Paying' })).toBeInTheDocument();
    await expect(page().queryByText('Congrats, Payment Completed')).toBeNull();
  },
};

/** Stripe's declined test card: the refusal shows in red under the form (§8). */
async function declined() {
  await payWith('4000 0000 0000 0002');
  const message = await page().findByText(/declined/i);
  await expect(message.closest('[role="alert"]')).not.toBeNull();
  await expect(page().queryByText('Congrats, Payment Completed')).toBeNull();
}

export const Declined: Story = { play: declined };

/** Changing the card clears the decline: it was about the card as it was. */
export const DeclinedThenChanged: Story = {
  play: async () => {
    await declined();
    await userEvent.type(page().getByLabelText(/CVC/), '{Backspace}4');
    await expect(page().queryByText(/declined/i)).toBeNull();
  },
};

/** The receipt: the spec's words and transaction id, then what happens next and what to check at the meetup. */
export const Completed: Story = {
  play: async () => {
    await payWith('4242 4242 4242 4242');
    await findAnnounced('Congrats, Payment Completed');
    await expect(page().getByText(/^Your transaction id/)).toBeVisible();
    await expect(page().getByRole('heading', { name: 'What happens next' })).toHaveFocus();
    await expect(page().getByText(/dial \*#06# on the phone/)).toBeVisible();
    await expect(page().getByRole('region', { name: 'Order summary' })).toBeVisible();
  },
};

export const CompletedOnPhone: Story = at375(Completed);

/** A booking already paid says so, without a card form. */
export const AlreadyPaid: Story = {
  parameters: { screen: { route: `/dashboard/payment/${paid._id}` } },
  play: async () => {
    await expect(await page().findByText('Paid')).toBeVisible();
    await expect(page().queryByLabelText(/Card number/)).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { screen: { scenario: 'loading' } },
  play: async () => {
    await expect(await page().findByRole('progressbar', { name: 'Loading the booking' })).toBeInTheDocument();
  },
};

/** The booking cannot be read (a 500): the failure's own page with Try again, not the spec's 404 page. */
export const ServerError = errorState('Something went wrong');

export const BookingNotFound: Story = {
  parameters: { screen: { route: '/dashboard/payment/b-nope' } },
  play: async () => {
    await expect(await page().findByText('Error: Not Found')).toBeVisible();
  },
};

/** The seller cut the price after the buyer booked: the lower price is charged, the booked one struck through. */
export const PriceLowered: Story = {
  parameters: {
    screen: {
      seed: (store) => {
        store.mobiles.find((mobile) => mobile._id === unpaid.mobileId)!.resale_price = unpaid.price - 20;
      },
    },
  },
  play: async () => {
    await expect(
      await page().findByText(
        `The seller lowered the price from $${unpaid.price} after you booked: you pay the lower one.`,
      ),
    ).toBeVisible();
    await expect(page().getByText(`Please Pay $${unpaid.price - 20}`)).toBeVisible();
  },
};
