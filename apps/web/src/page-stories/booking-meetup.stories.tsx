import { MEETUP_UTC_OFFSET_MINUTES, meetupRefusals } from '@recell/api';
import { demoAccounts, meetupSpotFixtures, mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { findAnnounced, page, screenMeta } from '../testing/story-helpers';

// Booking with a meetup spot: the buyer names their area, is offered the three spots nearest the
// midpoint (the listing names none here, so their area's centre), or another place; a time outside the chosen
// spot's hours is refused in the rulebook's words.
const phone = mobiles.find(
  (candidate) => candidate.stock > 0 && candidate.email !== demoAccounts.buyer.email,
)!;
const mall = meetupSpotFixtures.find((spot) => spot._id === 'ms-bashundhara-city')!;

const meta = {
  title: 'Screens/Phone/Booking a meetup',
  tags: ['!autodocs'],
  ...screenMeta({
    route: `/mobile/${phone._id}`,
    persona: 'buyer',
    // the buyer has no open booking of anything: this one is new, whatever the fixtures hold
    seed: (store) => {
      store.bookings = store.bookings.filter((booking) => booking.email !== demoAccounts.buyer.email);
    },
  }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The datetime-local value of the next `weekday` (0 Sunday) a few days ahead, at `clock` in Dhaka. */
function dhakaInput(weekday: number, clock: string) {
  const base = new Date(Date.now() + MEETUP_UTC_OFFSET_MINUTES * 60_000 + 2 * 86_400_000);
  while (base.getUTCDay() !== weekday) base.setUTCDate(base.getUTCDate() + 1);
  return `${base.toISOString().slice(0, 10)}T${clock}`;
}

async function openWithArea(area: string) {
  await userEvent.click(await page().findByRole('button', { name: `Book ${phone.title}` }));
  const dialog = within(await page().findByRole('dialog', { name: phone.title }));
  await userEvent.type(dialog.getByLabelText('Phone'), '+880 1700 000000');
  await userEvent.click(dialog.getByRole('button', { name: /Your area/ }));
  await userEvent.click(await page().findByRole('option', { name: area }));
  return dialog;
}

const setTime = (dialog: ReturnType<typeof within>, value: string) =>
  fireEvent.change(dialog.getByLabelText('When to meet (Dhaka time)'), { target: { value } });

/** A spot chosen from the three, at a time it is open: booked, with the spot as the meeting place. */
export const SpotChosen: Story = {
  play: async () => {
    const dialog = await openWithArea('Tejgaon');
    // three spots and "Another place", once the spots have come
    await waitFor(() => expect(dialog.getAllByRole('radio')).toHaveLength(4));
    await userEvent.click(dialog.getByRole('radio', { name: new RegExp(`^${mall.name}`) }));
    await expect(dialog.getByText(mall.address)).toBeVisible();
    setTime(dialog, dhakaInput(1, '12:00'));
    await userEvent.click(dialog.getByRole('button', { name: 'Book to meet the seller' }));
    await findAnnounced('Booking Confirmed');
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    // booked is not protected yet: the booking's next screen holds the card
    await expect(
      await page().findByRole('heading', { level: 1, name: `Payment For ${phone.title}` }),
    ).toBeVisible();
  },
};

/** Bashundhara City closes on Tuesdays: a Tuesday is refused under the time, in the rulebook's words. */
export const OutsideHoursRefused: Story = {
  play: async () => {
    const dialog = await openWithArea('Tejgaon');
    await userEvent.click(await dialog.findByRole('radio', { name: new RegExp(`^${mall.name}`) }));
    setTime(dialog, dhakaInput(2, '12:00'));
    await userEvent.click(dialog.getByRole('button', { name: 'Book to meet the seller' }));
    await expect(await dialog.findByText(meetupRefusals.closedThatDay(mall.name, 'tue'))).toBeVisible();
    await expect(page().getByRole('dialog', { name: phone.title })).toBeVisible();
  },
};

/** Another place, in the buyer's words, as before spots: its hours are not known, so any time ahead will do. */
export const AnotherPlace: Story = {
  play: async () => {
    const dialog = await openWithArea('Banani');
    await userEvent.click(await dialog.findByRole('radio', { name: 'Another place' }));
    await userEvent.type(dialog.getByLabelText('Meeting location'), 'Outside the Banani 11 mosque');
    setTime(dialog, dhakaInput(0, '21:30'));
    await userEvent.click(dialog.getByRole('button', { name: 'Book to meet the seller' }));
    await findAnnounced('Booking Confirmed');
  },
};
