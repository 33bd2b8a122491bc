import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { withRouter } from '../../testing/decorators';
import { Link } from './Link';

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { children: 'See Products', href: '/category/01', onPress: fn() },
  decorators: [withRouter],
  parameters: { navigate: fn() },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args, parameters }) => {
    const link = canvas.getByRole('link', { name: 'See Products' });
    await expect(link).toHaveAttribute('href', '/category/01');
    await userEvent.hover(link);
    await expect(link).toHaveAttribute('data-hovered');
    await userEvent.click(link);
    await expect(args.onPress).toHaveBeenCalledOnce();
    await expect(parameters.navigate).toHaveBeenCalledOnce();
    await expect(parameters.navigate).toHaveBeenCalledWith('/category/01', undefined);
  },
};

export const FocusVisible: Story = {
  play: async ({ canvas, userEvent, parameters }) => {
    await userEvent.tab();
    const link = canvas.getByRole('link');
    await expect(link).toHaveFocus();
    await expect(link).toHaveAttribute('data-focus-visible');
    await userEvent.keyboard('{Enter}');
    await expect(parameters.navigate).toHaveBeenCalledOnce();
    await expect(parameters.navigate).toHaveBeenCalledWith('/category/01', undefined);
  },
};

export const Navigation: Story = {
  render: (args) => (
    <nav aria-label="Example" style={{ display: 'flex', gap: 16 }}>
      <Link {...args} variant="nav" href="/" aria-current="page">
        Home
      </Link>
      <Link {...args} variant="nav" href="/blogs">
        Blogs
      </Link>
    </nav>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, userEvent, args }) => {
    const link = canvas.getByRole('link');
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const LongText: Story = {
  args: { children: 'Read the ten checks every buyer should make before paying for a used phone in person' },
  decorators: [
    (Story) => (
      <p style={{ width: 240 }}>
        <Story />
      </p>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link').getBoundingClientRect().width).toBeLessThanOrEqual(240);
  },
};
