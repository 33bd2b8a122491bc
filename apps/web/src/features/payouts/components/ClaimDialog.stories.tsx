import { claimKindWords, claimWindowWords } from '@recell/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, findAnnounced, loadedScreen, page, screenMeta } from '../../../testing/story-helpers';
import { claimIs, completedDeal } from './payout-scenes';

// My Orders: a completed deal inside its 48-hour window offers "Report a hidden problem"; the dialog says the
// protection where the buyer decides; afterwards the booking shows the claim's state and links to it.
const meta = {
  title: 'Screens/Dashboard/Report a hidden problem',
  tags: ['!autodocs'],
  ...screenMeta({
    route: '/dashboard',
    persona: 'buyer',
    seed: (store) => {
      completedDeal(store, 2);
    },
  }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

// a 1x1 PNG
const png = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

const report = () => page().findByRole('button', { name: 'Report a hidden problem with Apple iPhone 13' });

/** The dialog: the window's words, the kinds, what happened, pictures; sending opens the claim. */
export const Dialog: Story = {
  play: async (context) => {
    const button = await report();
    await expect(within(button.parentElement!).getByText(/^Until /)).toBeVisible();
    await userEvent.click(button);
    const dialog = within(
      await page().findByRole('dialog', { name: 'Report a hidden problem with Apple iPhone 13' }),
    );
    // visible once the dialog's entry animation is over
    await waitFor(() =>
      expect(dialog.getByText(/^Until .*report a hidden problem the meetup could not show/)).toBeVisible(),
    );
    await expect(dialog.getByText(/The seller's money waits until an admin decides/)).toBeVisible();
    for (const words of Object.values(claimKindWords))
      await expect(dialog.getByRole('radio', { name: words })).toBeInTheDocument();
    // nothing chosen: said, nothing sent
    await userEvent.click(dialog.getByRole('button', { name: 'Send the report' }));
    await expect(dialog.getByText('Choose what went wrong')).toBeVisible();
    await userEvent.click(dialog.getByText(claimKindWords.activation_lock));
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'What happened' }),
      'It asked for the old Apple ID.',
    );
    await expect(dialog.getByText('Pictures (optional, up to 4)')).toBeVisible();
    // the picker's file input sits hidden behind its button
    const picker = document.querySelector<HTMLInputElement>('[role="dialog"] input[type="file"]')!;
    await userEvent.upload(picker, new File([png], 'lock.png', { type: 'image/png' }));
    await expect(await dialog.findByRole('img', { name: 'Your upload 1' })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Send the report' }));
    await findAnnounced(/Problem reported/);
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    const claim = loadedScreen(context).mockStore.claims[0]!;
    await expect(claim).toMatchObject({ kind: 'activation_lock', status: 'open' });
    await expect(claim.pictures).toHaveLength(1);
    await expect(
      await page().findByRole('link', { name: 'See the claim on Apple iPhone 13' }),
    ).toHaveAttribute('href', `/dashboard/claims/${claim._id}`);
  },
};

export const DialogOnPhone375: Story = at375({
  play: async () => {
    await userEvent.click(await report());
    const dialog = await page().findByRole('dialog');
    await waitFor(() => expect(dialog).toBeVisible());
    const send = within(dialog).getByRole('button', { name: 'Send the report' });
    await expect(send.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(
      within(dialog).getByText(claimWindowWords('x').slice(9, 60), { exact: false }),
    ).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});

/** A claim open on the deal: its state, linking to it; no second report. */
export const ClaimOpenOnBooking: Story = {
  parameters: { screen: { seed: claimIs('open') } },
  play: async () => {
    await expect(await page().findByText('Claim open: ReCell decides')).toBeVisible();
    await expect(page().getByRole('link', { name: 'See the claim on Apple iPhone 13' })).toHaveAttribute(
      'href',
      '/dashboard/claims/cl-story',
    );
  },
};

/** The seller's side of the same deal on My Buyers: the money on hold, linking to the claim. */
export const ClaimOnMyBuyers: Story = {
  parameters: { screen: { route: '/dashboard/myBuyers', persona: 'seller', seed: claimIs('open') } },
  play: async () => {
    await expect(await page().findByText(/the money is on hold until ReCell decides/)).toBeVisible();
    await expect(page().getByRole('link', { name: 'See the claim on Apple iPhone 13' })).toHaveAttribute(
      'href',
      '/dashboard/claims/cl-story',
    );
    // the earnings summary leads to the Payouts page
    await expect(page().getByRole('link', { name: /^Payouts: your money by state/ })).toHaveAttribute(
      'href',
      '/dashboard/payouts',
    );
  },
};
