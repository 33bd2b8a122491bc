import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withWidth } from '../../testing/decorators';
import { Testimonial } from './Testimonial';

const meta = {
  title: 'Components/Testimonial',
  component: Testimonial,
  args: {
    quote: 'Sold my old Galaxy in three days and met the buyer at a café nearby. Easy.',
    name: 'Farhana Akter',
    detail: 'Sold a Samsung Galaxy S21',
  },
  decorators: [withWidth(380)],
} satisfies Meta<typeof Testimonial>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure')).toHaveTextContent('Farhana Akter');
    await expect(canvas.getByText(/Sold my old Galaxy/).tagName).toBe('BLOCKQUOTE');
  },
};

export const WithoutDetail: Story = {
  args: { detail: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Sold a Samsung Galaxy S21')).not.toBeInTheDocument();
  },
};

export const LongText: Story = {
  args: {
    quote:
      'I was nervous about buying a used iPhone online, but the seller was verified, the IMEI matched the box, the battery was at 91 % and the whole thing took twenty minutes at the metro station.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure').getBoundingClientRect().width).toBeLessThanOrEqual(380);
  },
};
