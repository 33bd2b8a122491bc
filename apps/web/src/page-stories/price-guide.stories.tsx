import type { PriceGuide } from '@recell/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { guideBelowMinimum, guideWithHistory, guideWithoutDeals } from '../testing/price-guides';
import { at375, errorState, loadingState, page, screenMeta } from '../testing/story-helpers';

// The public price page: what a model really sold for, in each state the guide can be in. Each story
// answers GET /price-guide/{modelKey} with a fixed guide, so the figures read the same every day.
const meta = {
  title: 'Screens/Price guide',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/prices/samsung-galaxy-s21' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const answering = (guide: PriceGuide) => ({
  screen: { handlers: [http.get('*/api/price-guide/:modelKey', () => HttpResponse.json(guide))] },
});

/** Where the figures come from, on every state of the page. */
async function saysWhereFiguresComeFrom() {
  const source = await page().findByRole('region', { name: 'Where these figures come from' });
  await expect(source).toHaveTextContent(/captured at a handover the buyer witnessed on ReCell/);
  await expect(source).toHaveTextContent(/Asking prices never count/);
}

/** Enough deals: the median and middle half, the ranges, the chart with its words and the same in a table. */
export const EnoughWithHistory: Story = {
  parameters: answering(guideWithHistory),
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Samsung Galaxy S21' })).toBeVisible();
    const overall = within(page().getByRole('region', { name: 'Last 90 days' }));
    await expect(overall.getByText('$400')).toBeVisible();
    await expect(overall.getByText('median price')).toBeVisible();
    await expect(
      overall.getByText('Half sold between $385 and $415 (the 25th to 75th percentile).'),
    ).toBeVisible();
    await expect(
      overall.getByText('From 17 completed deals, every storage size and condition.'),
    ).toBeVisible();
    const ranges = within(page().getByRole('table', { name: /Half of the prices fall within the range/ }));
    await expect(
      ranges.getByRole('row', { name: /128 GB, Good 14 \$391\.25–\$408\.75 \$400/ }),
    ).toBeVisible();
    await expect(
      ranges.getByRole('row', { name: /256 GB, Excellent 3 Not enough completed deals yet \(3 of 5\)/ }),
    ).toBeVisible();
    const chart = page().getByRole('img', {
      name: /^Median sold price by month, December 2025 to November 2026: /,
    });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleName(
      /April 2026 \$465, .* November 2026 \$395\. 5 months have fewer than 5 deals and no median\./,
    );
    const history = within(page().getByRole('table', { name: 'Completed deals and median price by month' }));
    await expect(history.getAllByRole('row')).toHaveLength(13);
    await expect(history.getByRole('row', { name: 'Oct 2026 5 $402.50' })).toBeVisible();
    await expect(history.getByRole('row', { name: 'Jun 2026 3 Not enough deals (3 of 5)' })).toBeVisible();
    await expect(history.getByRole('row', { name: 'Jan 2026 0 None sold' })).toBeVisible();
    await saysWhereFiguresComeFrom();
    await expect(document.title).toBe('Samsung Galaxy S21 price guide | ReCell');
  },
};

export const EnoughWithHistoryAt375: Story = at375({
  ...EnoughWithHistory,
  play: async (context) => {
    await EnoughWithHistory.play!(context);
    // nothing sticks out sideways on a phone
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});

/** Fewer than five deals: the counts, and how many the figures still wait for; no line to draw. */
export const BelowFive: Story = {
  parameters: answering(guideBelowMinimum),
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Samsung Galaxy S21' })).toBeVisible();
    const overall = page().getByRole('region', { name: 'Last 90 days' });
    await expect(within(overall).getByText('Not enough completed deals yet (3 of 5)')).toBeVisible();
    await expect(page().queryByRole('img', { name: /Median sold price/ })).toBeNull();
    await expect(page().getByText(/No month has had 5 completed deals yet/)).toBeVisible();
    const history = within(page().getByRole('table', { name: 'Completed deals and median price by month' }));
    await expect(history.getByRole('row', { name: 'Nov 2026 2 Not enough deals (2 of 5)' })).toBeVisible();
    await saysWhereFiguresComeFrom();
  },
};

export const BelowFiveAt375: Story = at375(BelowFive);

/** Nothing sold yet: 0 of 5, no ranges, each month "None sold". */
export const NoDeals: Story = {
  parameters: answering(guideWithoutDeals),
  play: async () => {
    const overall = await page().findByRole('region', { name: 'Last 90 days' });
    await expect(within(overall).getByText('Not enough completed deals yet (0 of 5)')).toBeVisible();
    await expect(page().getByText('No completed deals in the last 90 days.')).toBeVisible();
    const history = within(page().getByRole('table', { name: 'Completed deals and median price by month' }));
    await expect(history.getAllByRole('row', { name: /None sold$/ })).toHaveLength(12);
    await saysWhereFiguresComeFrom();
  },
};

/** A key that names no model: the page says so, with a way on. */
export const UnknownModel: Story = {
  parameters: {
    screen: {
      route: '/prices/nokia-3310-classic',
      handlers: [
        http.get('*/api/price-guide/:modelKey', () =>
          HttpResponse.json({ message: 'Not found' }, { status: 404 }),
        ),
      ],
    },
  },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Model not found' })).toBeVisible();
    await expect(page().getByRole('link', { name: 'See phones for sale' })).toBeVisible();
  },
};

export const Loading = loadingState('Loading the price guide');
export const ServerError = errorState('Could not load the price guide');
