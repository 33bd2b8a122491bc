import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { withRouter, withWidth } from '../../testing/decorators';
import { LinkButton } from './LinkButton';

const meta = {
  title: 'Components/LinkButton',
  component: LinkButton,
  args: { children: 'See Products', href: '/category/01', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'accent', 'danger'] },
    size: { control: 'inline-radio', options: ['md', 'sm'] },
  },
  decorators: [withRouter],
  parameters: { navigate: fn() },
} satisfies Meta<typeof LinkButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args, parameters }) => {
    // a link to assistive technology (it goes somewhere), drawn as the design system's button
    const link = canvas.getByRole('link', { name: 'See Products' });
    await expect(link).toHaveAttribute('href', '/category/01');
    await expect(getComputedStyle(link).textDecorationLine).toBe('none');
    await userEvent.click(link);
    await expect(args.onPress).toHaveBeenCalledOnce();
    await expect(parameters.navigate).toHaveBeenCalledWith('/category/01', undefined);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <LinkButton {...args} variant="primary" href="/login">
        Log In
      </LinkButton>
      <LinkButton {...args} variant="secondary" href="/register">
        Register
      </LinkButton>
      <LinkButton {...args} variant="ghost" href="/blogs">
        Blogs
      </LinkButton>
      <LinkButton {...args} variant="accent" href="/dashboard/add-product">
        Sell a phone
      </LinkButton>
      <LinkButton {...args} size="sm" href="/search">
        Find a phone
      </LinkButton>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(5);
    // the same size as a Button: a 44 px target
    await expect(
      canvas.getByRole('link', { name: 'Log In' }).getBoundingClientRect().height,
    ).toBeGreaterThanOrEqual(44);
  },
};

export const FocusVisible: Story = {
  play: async ({ canvas, userEvent, parameters }) => {
    await userEvent.tab();
    const link = canvas.getByRole('link');
    await expect(link).toHaveFocus();
    await expect(link).toHaveAttribute('data-focus-visible');
    await userEvent.keyboard('{Enter}');
    await expect(parameters.navigate).toHaveBeenCalledWith('/category/01', undefined);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, userEvent, args, parameters }) => {
    const link = canvas.getByRole('link');
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(parameters.navigate).not.toHaveBeenCalled();
  },
};

export const LongText: Story = {
  args: { children: 'See every Samsung Galaxy phone listed this week, with its price and condition' },
  decorators: [withWidth(240)],
  play: async ({ canvas }) => {
    // wraps inside its container instead of overflowing it
    await expect(canvas.getByRole('link').getBoundingClientRect().width).toBeLessThanOrEqual(240);
  },
};
