import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { mobile } from '../../testing/story-helpers';
import { GradeGuide, GradeNote } from './GradeGuide';

// What each condition promises: the guide on a listing under its grade, and the one-line note
// beside Add Product's condition and on a listing. The words come from @recell/api's GRADES.
const meta = {
  title: 'App/Grade guide',
  component: GradeGuide,
} satisfies Meta<typeof GradeGuide>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Folded: one line that opens on a click or Enter. */
export const Folded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('What the conditions mean')).toBeVisible();
    await expect(canvas.queryByText(/from 20 cm/)).not.toBeVisible();
  },
};

/** Open: every grade, by what shows from how far and the battery it promises. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText('What the conditions mean'));
    await expect(canvas.getByText(/Excellent: looks like new/)).toBeVisible();
    await expect(canvas.getByText(/can be seen from 20 cm\. Battery health at least 85 %/)).toBeVisible();
    await expect(canvas.getByText(/cannot be seen from 50 cm/)).toBeVisible();
    await expect(canvas.getByText(/Fair: visible signs of use/)).toBeVisible();
  },
};

export const OpenOnMobile: Story = { ...Open, globals: mobile };

/** The one-line note for a chosen condition. */
export const Note: StoryObj<typeof GradeNote> = {
  render: () => <GradeNote condition="Good" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Good: Light marks/)).toHaveTextContent('Battery health at least 80 %.');
  },
};
