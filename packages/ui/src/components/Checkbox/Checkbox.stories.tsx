import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  args: { children: 'The IMEI on *#06# matches the listing' },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Its words are its name; a press or Space ticks it. */
export const Unticked: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'The IMEI on *#06# matches the listing' });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};

export const Ticked: Story = { args: { defaultSelected: true } };

export const Disabled: Story = { args: { isDisabled: true } };
