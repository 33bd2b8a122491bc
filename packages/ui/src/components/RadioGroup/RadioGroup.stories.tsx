import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RadioGroup } from './RadioGroup';

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  args: {
    label: 'I want to',
    name: 'role',
    defaultValue: 'buyer',
    options: [
      { value: 'buyer', label: 'Buy phones (buyer)' },
      { value: 'seller', label: 'Sell phones (seller)' },
    ],
  },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const group = canvas.getByRole('radiogroup', { name: 'I want to' });
    await expect(group).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Buy phones (buyer)' })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Sell phones (seller)' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Buy phones (buyer)' })).not.toBeChecked();
  },
};

export const WithError: Story = {
  args: { defaultValue: undefined, isRequired: true, isInvalid: true, errorMessage: 'Choose one.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Choose one.')).toBeVisible();
  },
};
