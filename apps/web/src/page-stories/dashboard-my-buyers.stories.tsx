import { bookings, demoAccounts, mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { emptyState, errorState, loadingState, mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/My Buyers',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/myBuyers', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ownIds = new Set(
  mobiles.filter((phone) => phone.email === demoAccounts.seller.email).map((phone) => phone._id),
);
const booking = bookings.find((candidate) => ownIds.has(candidate.mobileId))!;
const completed = bookings.find((candidate) => candidate.status === 'completed')!;

/** The seeded completed deal's reviews: the buyer's record, both reviews, and a quiet Report on the buyer's. */
export const Reviews: Story = {
  play: async () => {
    const row = within((await page().findByRole('cell', { name: completed.MobileName })).closest('tr')!);
    await userEvent.click(
      row.getByRole('button', { name: `Review ${completed.buyer} for ${completed.MobileName}` }),
    );
    const dialog = within(await page().findByRole('dialog', { name: `Review of ${completed.MobileName}` }));
    const theirs = within(await dialog.findByRole('region', { name: "The buyer's review of you" }));
    // the dialog rises in from transparent: visible once its entry animation is over
    await waitFor(() =>
      expect(theirs.getByRole('button', { name: "Report the buyer's review of you" })).toBeVisible(),
    );
  },
};

/** Report asks for a reason and chooses none for them. */
export const ReportAReview: Story = {
  play: async () => {
    await Reviews.play!(undefined as never);
    await userEvent.click(page().getByRole('button', { name: "Report the buyer's review of you" }));
    const dialog = await page().findByRole('dialog', { name: 'Report this review' });
    await expect(within(dialog).getByRole('button', { name: /Choose a reason/ })).toBeInTheDocument();
    await expect(dialog).toHaveTextContent('Its author is not told who reported it.');
  },
};

export const Loaded: Story = {
  play: async () => {
    const row = within((await page().findByRole('cell', { name: booking.MobileName })).closest('tr')!);
    await expect(row.getByText(booking.buyer)).toBeVisible();
    await expect(row.getByText(booking.paid ? 'Paid' : 'Not paid')).toBeVisible();
  },
};

export const OnMobile: Story = { ...Loaded, globals: mobile };

export const Loading = loadingState('Loading your buyers');
export const Empty = emptyState('Nobody has booked your phones yet.');
export const ServerError = errorState('Could not load your buyers');
