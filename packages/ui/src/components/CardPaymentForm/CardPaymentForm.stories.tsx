import type { Meta, StoryObj } from '@storybook/react-vite';
import { bookings } from '@recell/api/fixtures';
import { expect, fn, waitFor } from 'storybook/test';
import { formatMoney } from '../../format/money';
import { withWidth } from '../../testing/decorators';
import { CardPaymentForm } from './CardPaymentForm';

const booking = bookings[0]!;

const meta = {
  title: 'Forms/CardPaymentForm',
  component: CardPaymentForm,
  args: {
    amountLabel: `Pay ${formatMoney({ dollars: booking.price })}`,
    onSubmit: fn(),
    now: new Date(2026, 10, 22),
  },
  decorators: [withWidth(420)],
} satisfies Meta<typeof CardPaymentForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard only, start to finish, with the number and expiry formatted as they are typed. */
export const PayByKeyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    await userEvent.keyboard('Ayesha Khan');
    await userEvent.tab();
    await userEvent.keyboard('4242424242424242');
    await expect(canvas.getByRole('textbox', { name: /Card number/ })).toHaveValue('4242 4242 4242 4242');
    await userEvent.tab();
    await userEvent.keyboard('1234');
    await expect(canvas.getByRole('textbox', { name: /Expiry/ })).toHaveValue('12 / 34');
    await userEvent.tab();
    await userEvent.keyboard('123');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: `Pay $${booking.price}` })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      name: 'Ayesha Khan',
    });
  },
};

export const InvalidDetails: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /Name on card/ }), 'Ayesha Khan');
    await userEvent.type(canvas.getByRole('textbox', { name: /Card number/ }), '4242424242424241');
    await userEvent.type(canvas.getByRole('textbox', { name: /Expiry/ }), '0125');
    await userEvent.type(canvas.getByRole('textbox', { name: /CVC/ }), '12');
    await userEvent.click(canvas.getByRole('button', { name: /Pay/ }));
    const number = canvas.getByRole('textbox', { name: /Card number/ });
    await waitFor(() => expect(number).toHaveFocus());
    await expect(number).toHaveAccessibleDescription('Your card number is invalid.');
    await expect(canvas.getByRole('textbox', { name: /Expiry/ })).toHaveAccessibleDescription(
      "Your card's expiration date is in the past.",
    );
    await expect(canvas.getByRole('textbox', { name: /CVC/ })).toHaveAccessibleDescription(
      "Your card's security code is incomplete.",
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Empty: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Pay/ }));
    await expect(canvas.getByRole('textbox', { name: /Name on card/ })).toHaveAccessibleDescription(
      'Enter the name on the card',
    );
    await expect(canvas.getByRole('textbox', { name: /Card number/ })).toHaveAccessibleDescription(
      'Enter your card number',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Declined: Story = {
  args: { error: 'Your card was declined.', onEdit: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your card was declined.');
    // a change to the card tells the page, which clears the refusal
    await userEvent.type(canvas.getByRole('textbox', { name: /Card number/ }), '4');
    await expect(args.onEdit).toHaveBeenCalled();
  },
};

/** The account's name is already in "Name on card". */
export const NamePrefilled: Story = {
  args: { defaultName: 'Ayesha Khan' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Name on card/ })).toHaveValue('Ayesha Khan');
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Paying' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Pay/ }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Pay/ })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: /Card number/ })).toBeDisabled();
  },
};
