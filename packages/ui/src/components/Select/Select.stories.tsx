import type { Meta, StoryObj } from '@storybook/react-vite';
import { categories } from '@recell/api/fixtures';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Form } from '../Form/Form';
import { Select } from './Select';
import { withWidth } from '../../testing/decorators';

const brands = categories.map((category) => ({ id: category.category_id, label: category.category_name }));

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: 'Brand', options: brands, placeholder: 'Choose a brand', onChange: fn() },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Choose a brand/ })).toBeVisible();
  },
};

/** Keyboard only: Enter opens, arrows move, Enter picks, focus returns to the trigger. */
export const ByKeyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: /Brand/ });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(brands[1]?.id);
    await expect(trigger).toHaveTextContent(brands[1]?.label ?? '');
    // focus comes back once the popover has closed
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const ByPointer: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Brand/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Apple' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('03');
  },
};

export const Required: Story = {
  args: { isRequired: true, name: 'brand', errorMessage: 'Choose a brand' },
  render: (args) => (
    <Form onSubmit={(event) => event.preventDefault()}>
      <Select {...args} />
      <Button type="submit">Save</Button>
    </Form>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const trigger = canvas.getByRole('button', { name: /Brand/ });
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger).toHaveAccessibleDescription(/Choose a brand/);
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'This brand is no longer listed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This brand is no longer listed')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '02' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Samsung/ })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    label: 'Condition',
    options: [
      {
        id: 'excellent',
        label: 'Excellent: no marks at all, battery health above 90 % and the original box',
      },
      { id: 'good', label: 'Good' },
      { id: 'fair', label: 'Fair', isDisabled: true },
    ],
    defaultValue: 'excellent',
  },
  decorators: [withWidth(260)],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button').getBoundingClientRect().width).toBeLessThanOrEqual(260);
  },
};
