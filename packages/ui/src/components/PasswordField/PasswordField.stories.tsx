import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'Password' },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'At least 6 characters' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('secret1');
    // keyboard only: Tab to the toggle, Space shows the password, Space hides it again
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('secret1');
    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, defaultValue: 'abc', errorMessage: 'Password must be 6 characters or longer' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Password must be 6 characters or longer');
  },
};

export const MinLengthByKeyboard: Story = {
  args: {
    minLength: 6,
    isRequired: true,
    validationBehavior: 'aria',
    validate: (value) =>
      value.length > 0 && value.length < 6 ? 'Password must be 6 characters or longer' : null,
  },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText(/Password/, { selector: 'input' });
    await userEvent.tab();
    await userEvent.keyboard('abc');
    await expect(input).toHaveAccessibleDescription('Password must be 6 characters or longer');
    await userEvent.keyboard('def');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'secret1' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Password', { selector: 'input' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
