import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Form } from '../Form/Form';
import { TextField } from './TextField';
import { withWidth } from '../../testing/decorators';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Meeting location', onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'A public place near you', placeholder: 'Dhaka, Gulshan 2' },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Meeting location' });
    await expect(input).toHaveAccessibleDescription('A public place near you');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(input).toHaveAttribute('data-focus-visible');
    await userEvent.keyboard('Mirpur 10');
    await expect(input).toHaveValue('Mirpur 10');
    await expect(args.onChange).toHaveBeenLastCalledWith('Mirpur 10');
  },
};

export const Hover: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.hover(input);
    await expect(input).toHaveAttribute('data-hovered');
  },
};

export const Empty: Story = {
  args: { placeholder: 'Not filled in yet' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveValue('');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Location is required', defaultValue: '' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Location is required');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Chattogram' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled();
  },
};

export const Multiline: Story = {
  args: { label: 'Details', multiline: true, defaultValue: '128 GB, onyx grey, box and charger included.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Details' }).tagName).toBe('TEXTAREA');
  },
};

export const LongText: Story = {
  args: {
    label: 'Where would you like to meet the seller to check the phone before you pay for it?',
    defaultValue:
      'In front of the main entrance of the Bashundhara City shopping mall, Panthapath, level one',
  },
  decorators: [withWidth(280)],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox').getBoundingClientRect().width).toBeLessThanOrEqual(280);
  },
};

/** Keyboard only: submit with Enter, the error is announced through the field's description, then fixed. */
export const RequiredByKeyboard: Story = {
  args: { isRequired: true, name: 'location', errorMessage: 'Location is required' },
  render: (args) => (
    <Form onSubmit={(event) => event.preventDefault()}>
      <TextField {...args} />
      <Button type="submit">Save</Button>
    </Form>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: /Meeting location/ });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Location is required');
    // the error stays until the new value is committed (Tab away), then it goes
    await userEvent.keyboard('Banani');
    await userEvent.tab();
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};
