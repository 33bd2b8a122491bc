import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { NumberField } from './NumberField';

const meta = {
  title: 'Forms/NumberField',
  component: NumberField,
  args: { label: 'Stock', defaultValue: 1, minValue: 0, onChange: fn() },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Stock: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Stock' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(input).toHaveValue('3');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveValue('2');
  },
};

export const Price: Story = {
  args: {
    label: 'Resale price',
    defaultValue: 140,
    formatOptions: { style: 'currency', currency: 'USD' },
    description: 'What a buyer pays you',
  },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Resale price' });
    await expect(input).toHaveValue('$140.00');
    await userEvent.click(canvas.getByRole('button', { name: /Increase/ }));
    await expect(input).toHaveValue('$141.00');
  },
};

export const Year: Story = {
  args: {
    label: 'Year of purchase',
    defaultValue: undefined,
    minValue: 2010,
    maxValue: 2026,
    formatOptions: { useGrouping: false },
    isRequired: true,
    validationBehavior: 'aria',
    validate: (value) => (Number.isNaN(value) ? 'Year of purchase is required' : null),
  },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: /Year of purchase/ });
    await userEvent.tab();
    await userEvent.keyboard('1999');
    await userEvent.tab();
    // out of range values are clamped on blur, not rejected
    await expect(input).toHaveValue('2010');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Stock must be 0 or more', defaultValue: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAccessibleDescription('Stock must be 0 or more');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled();
  },
};
