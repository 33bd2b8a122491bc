import { demoAccounts, reports } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { poco, s21, seedModerationQueue, seedReviewReports } from '../testing/moderation';
import {
  at375,
  emptyState,
  errorState,
  findAnnounced,
  loadingState,
  mobile,
  page,
  screenMeta,
} from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Reports',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/report', persona: 'admin' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const report = reports[0]!;
const card = async (name: string) =>
  within((await page().findByRole('heading', { level: 2, name })).closest('li')!);

export const Loaded: Story = {
  play: async () => {
    await expect((await card(report.MobileName)).getByText(`Reason: ${report.Report}`)).toBeVisible();
  },
};

export const OnMobile: Story = { ...Loaded, globals: mobile };

/** The open queue grouped by listing: the Poco's two reports (one with a note) on one card. */
export const Grouped: Story = {
  parameters: { screen: { seed: seedModerationQueue } },
  play: async () => {
    const pocoCard = await card(poco.title);
    await expect(pocoCard.getByText('2 reports')).toBeVisible();
    await expect(pocoCard.getByText('Note: Same pictures as a shop listing')).toBeVisible();
    await expect(pocoCard.getByRole('button', { name: `Remove listing ${poco.title}` })).toBeVisible();
  },
};

export const GroupedAt375: Story = at375(Grouped);

/** Dismiss asks first, and says the listing stays up. */
export const ConfirmDismiss: Story = {
  parameters: { screen: { seed: seedModerationQueue } },
  play: async () => {
    await userEvent.click(
      (await card(poco.title)).getByRole('button', { name: `Dismiss reports on ${poco.title}` }),
    );
    const dialog = await page().findByRole('dialog', { name: `Dismiss 2 reports on ${poco.title}?` });
    await expect(dialog).toHaveTextContent('The listing stays up.');
  },
};

/** Remove listing asks first, and says what happens to the listing and its bookings. */
export const ConfirmRemove: Story = {
  parameters: { screen: { seed: seedModerationQueue } },
  play: async () => {
    await userEvent.click(
      (await card(s21.title)).getByRole('button', { name: `Remove listing ${s21.title}` }),
    );
    const dialog = await page().findByRole('dialog', { name: `Remove ${s21.title}?` });
    await expect(dialog).toHaveTextContent('Its unpaid bookings are cancelled');
  },
};

export const Removed: Story = {
  parameters: { screen: { seed: seedModerationQueue } },
  play: async () => {
    await ConfirmRemove.play!(undefined as never);
    const dialog = within(page().getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove listing' }));
    await findAnnounced('Listing removed');
    await expect(page().getByRole('heading', { level: 1, name: 'Reports' })).toHaveFocus();
  },
};

/** Every report, resolved ones too (`?status=all`): a dismissed and a removed listing, no actions on them. */
export const AllStatuses: Story = {
  parameters: {
    screen: {
      route: '/dashboard/report?status=all',
      seed: (store) => {
        seedModerationQueue(store);
        store.reports[0]!.status = 'dismissed';
        store.reports[1]!.status = 'removed';
      },
    },
  },
  play: async () => {
    const removed = await card(s21.title);
    await expect(removed.getByText('Status: Listing removed')).toBeVisible();
    await expect(removed.queryByRole('button')).toBeNull();
    await expect((await card(poco.title)).getByText('Status: Dismissed')).toBeVisible();
  },
};

/** The Removed filter with nothing removed yet. */
export const NothingRemoved: Story = {
  parameters: { screen: { route: '/dashboard/report?status=removed' } },
  play: async () => {
    await expect(await page().findByText('No listings removed after a report.')).toBeVisible();
  },
};

const ofSeller = `${demoAccounts.buyer.name}'s review of ${demoAccounts.seller.name}`;

/** The review queue beside the listings' (`?kind=reviews`): each reported review, its reports and who made them. */
export const ReportedReviews: Story = {
  parameters: { screen: { route: '/dashboard/report?kind=reviews', seed: seedReviewReports } },
  play: async () => {
    const reviewCard = await card(ofSeller);
    await expect(reviewCard.getByText('Reason: Not what happened')).toBeVisible();
    await expect(reviewCard.getByText('Note: <b>We met at 6</b>, not 7')).toBeVisible();
    await expect(reviewCard.getByRole('button', { name: `Hide review: ${ofSeller}` })).toBeVisible();
  },
};

export const ReportedReviewsAt375: Story = at375(ReportedReviews);

/** Hide asks for the reason its author will read. */
export const HideAsksForAReason: Story = {
  parameters: ReportedReviews.parameters,
  play: async () => {
    await userEvent.click((await card(ofSeller)).getByRole('button', { name: `Hide review: ${ofSeller}` }));
    const dialog = await page().findByRole('dialog', { name: `Hide ${ofSeller}?` });
    await expect(dialog).toHaveTextContent('Its author still sees it, with your reason.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Say which rule it breaks: its author reads this')).toBeVisible(),
    );
  },
};

/** Hidden reviews (`?status=hidden`): the reason and when, no Hide button. */
export const HiddenReviews: Story = {
  parameters: {
    screen: {
      route: '/dashboard/report?kind=reviews&status=hidden',
      seed: (store) => {
        seedReviewReports(store);
        store.reviews[0]!.hidden = {
          reason: 'Personal details',
          hiddenAt: '2029-12-31T23:59:30.000Z',
          by: demoAccounts.admin.email,
        };
      },
    },
  },
  play: async () => {
    const hidden = await card(ofSeller);
    await expect(hidden.getByText(/: Personal details$/)).toBeVisible();
    await expect(hidden.queryByRole('button', { name: `Hide review: ${ofSeller}` })).toBeNull();
  },
};

export const NoReportedReviews: Story = {
  parameters: { screen: { route: '/dashboard/report?kind=reviews' } },
  play: async () => {
    await expect(await page().findByText('No reported reviews. Nothing to review.')).toBeVisible();
  },
};

/** Admin pages are for admins: a seller is sent to log in. */
export const Seller: Story = {
  parameters: { screen: { persona: 'seller' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Login' })).toBeVisible();
  },
};

export const Loading = loadingState('Loading reports');
export const Empty = emptyState('No reports. Nothing to review.');
export const ServerError = errorState('Could not load reports');
