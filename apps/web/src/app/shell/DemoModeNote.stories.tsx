import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mobile } from '../../testing/story-helpers';
import { DemoModeStrip } from './DemoModeNote';

// The line every page shows above the navbar when the build signs in on the Firebase Auth emulator (`npm start`).
const meta = {
  title: 'App/Demo mode marker',
  component: DemoModeStrip,
} satisfies Meta<typeof DemoModeStrip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const note = canvas.getByRole('note', { name: 'Demo mode' });
    await expect(note).toBeVisible();
    await expect(note).toHaveTextContent('Demo mode · local test accounts (Firebase Auth emulator)');
  },
};

/** At phone width the line wraps rather than widening the page. */
export const OnMobile: Story = { ...Default, globals: mobile };
