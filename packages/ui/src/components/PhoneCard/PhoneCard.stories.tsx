import type { Meta, StoryObj } from '@storybook/react-vite';
import { mobiles, type Mobile } from '@recell/api/fixtures';
import { Heart } from 'lucide-react';
import { expect, fn, waitFor } from 'storybook/test';
import { withWidth } from '../../testing/decorators';
import type { BadgeStatus } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { PhoneCard, type PhoneCardProps } from './PhoneCard';

function fromListing(mobile: Mobile): PhoneCardProps {
  const badges: BadgeStatus[] = [mobile.stock > 0 ? 'available' : 'sold'];
  if (mobile.Verified) badges.push('verified');
  if (mobile.advertised) badges.push('advertised');
  return {
    title: mobile.title,
    picture: mobile.picture,
    price: mobile.resale_price,
    originalPrice: mobile.buying_price,
    badges,
    facts: [
      ['Condition', mobile.condition],
      ['Location', mobile.location],
      ['Bought', String(mobile.Year_of_purchase)],
      ['Seller', mobile.Seller_name],
    ],
  };
}

const listing = mobiles[0]!;
const onBook = fn();

const meta = {
  title: 'Components/PhoneCard',
  component: PhoneCard,
  args: {
    ...fromListing(listing),
    actions: (
      <>
        <Button onPress={onBook}>Book</Button>
        <Button variant="secondary" aria-label="Add to wishlist" size="icon">
          <Heart aria-hidden size={20} />
        </Button>
      </>
    ),
  },
  decorators: [withWidth(340)],
} satisfies Meta<typeof PhoneCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const card = canvas.getByRole('article');
    await expect(canvas.getByRole('heading', { name: listing.title })).toBeVisible();
    const picture = canvas.getByRole<HTMLImageElement>('img', { name: listing.title });
    await expect(picture).toHaveAttribute('src', listing.picture);
    // the seed picture is served (staticDirs maps the fixtures' pictures to /uploads/seed)
    await waitFor(() => expect(picture.naturalWidth).toBeGreaterThan(0));
    await expect(card).toHaveTextContent(`Price: $${listing.resale_price}`);
    await expect(card).toHaveTextContent('Available');
    await userEvent.click(canvas.getByRole('button', { name: 'Book' }));
    await expect(onBook).toHaveBeenCalledOnce();
  },
};

/** With `href` the title is the card's one link, to the phone's own page; its name is the phone's title. */
export const Linked: Story = {
  args: { href: `/mobile/${listing._id}` },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { name: listing.title });
    const link = canvas.getByRole('link', { name: listing.title });
    await expect(heading).toContainElement(link);
    await expect(link).toHaveAttribute('href', `/mobile/${listing._id}`);
  },
};

/** The picture frame is 3:2 before and after the picture loads, so the grid does not move. */
export const FixedFrame: Story = {
  args: { picture: '/uploads/seed/does-not-exist.svg', pictureAlt: 'Missing picture' },
  play: async ({ canvas }) => {
    const frame = canvas.getByRole('img', { name: 'Missing picture' }).parentElement!;
    const { width, height } = frame.getBoundingClientRect();
    await expect(width / height).toBeCloseTo(3 / 2, 1);
  },
};

export const Sold: Story = {
  args: { ...fromListing({ ...mobiles[1]!, stock: 0 }), actions: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sold')).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Grid: Story = {
  decorators: [],
  render: () => (
    <ul
      style={{
        listStyle: 'none',
        padding: 0,
        display: 'grid',
        gap: 16,
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
      }}
    >
      {mobiles.slice(0, 6).map((mobile) => (
        <PhoneCard key={mobile._id} as="li" {...fromListing(mobile)} />
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(6);
  },
};

export const LongText: Story = {
  args: {
    title: 'Samsung Galaxy S21 Ultra 5G, 512 GB, phantom black, with the original box, charger and two cases',
    price: 1234567,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article').getBoundingClientRect().width).toBeLessThanOrEqual(340);
    await expect(canvas.getByRole('article')).toHaveTextContent('$1,234,567');
  },
};
