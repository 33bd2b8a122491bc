import { meetupSpotFixtures } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { at375, emptyState, errorState, loadingState, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Meetup spots',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/meetupSpots', persona: 'admin' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const police = meetupSpotFixtures.find((spot) => spot._id === 'ms-gulshan-police')!;

/** The admins' spots by area: kind, cameras and each day's hours in words, with Change and Remove. */
export const Loaded: Story = {
  play: async () => {
    await expect(await page().findByRole('cell', { name: new RegExp(police.name) })).toBeVisible();
    await expect(page().getByRole('button', { name: `Change ${police.name}` })).toBeVisible();
    await expect(page().getByRole('button', { name: `Remove ${police.name}` })).toBeVisible();
    await expect(page().getAllByText(/Tue closed/).length).toBeGreaterThan(0);
  },
};

export const At375: Story = at375(Loaded);

/** Add a spot: its week one line a day; a day that closes before it opens is said in words. */
export const AddRefusesBackwardsHours: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Add a meetup spot' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Add a meetup spot' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'Gulshan 2 Circle mall');
    await userEvent.type(dialog.getByLabelText('Address'), 'Gulshan 2, Dhaka');
    await userEvent.type(dialog.getByLabelText('Latitude'), '23.79');
    await userEvent.type(dialog.getByLabelText('Longitude'), '90.41');
    await userEvent.type(dialog.getByLabelText('Monday'), '20:00-10:00');
    await userEvent.click(dialog.getByRole('button', { name: 'Add the spot' }));
    await expect(
      await dialog.findByText('On Monday the spot must close after it opens (20:00 to 10:00)'),
    ).toBeVisible();
  },
};

export const Loading = loadingState('Loading the meetup spots');
export const Empty: Story = {
  ...emptyState(
    'No meetup spots yet: add police stations, malls and repair shops where buyers and sellers can meet.',
  ),
};
export const ServerError = errorState('Could not load the meetup spots');
