// Booking with a meetup spot, over the mocks: the buyer's area brings three spots, a time outside
// the spot's hours is refused in the rulebook's words, and a booking made with a spot shows it in My Orders.
import { MEETUP_UTC_OFFSET_MINUTES, meetupRefusals } from '@recell/api';
import { demoAccounts, meetupSpotFixtures, mobiles } from '@recell/api/fixtures';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

const { buyer } = demoAccounts;
const phone = mobiles.find((candidate) => candidate.stock > 0 && candidate.email !== buyer.email)!;
const mall = meetupSpotFixtures.find((spot) => spot._id === 'ms-bashundhara-city')!;

/** The datetime-local value of the next `weekday` (0 Sunday) a few days ahead, at `clock` in Dhaka. */
function dhakaInput(weekday: number, clock: string) {
  const base = new Date(Date.now() + MEETUP_UTC_OFFSET_MINUTES * 60_000 + 2 * 86_400_000);
  while (base.getUTCDay() !== weekday) base.setUTCDate(base.getUTCDate() + 1);
  return `${base.toISOString().slice(0, 10)}T${clock}`;
}

async function openBooking() {
  const view = renderApp(`/mobile/${phone._id}`, {
    as: buyer,
    seed: (store) => {
      store.bookings = store.bookings.filter((booking) => booking.email !== buyer.email);
    },
  });
  await view.user.click(await screen.findByRole('button', { name: `Book ${phone.title}` }));
  const dialog = within(await screen.findByRole('dialog', { name: phone.title }));
  await view.user.type(dialog.getByLabelText('Phone'), '+880 1700 000000');
  await view.user.click(dialog.getByRole('button', { name: /Your area/ }));
  await view.user.click(await screen.findByRole('option', { name: 'Tejgaon' }));
  return { ...view, dialog };
}

describe('booking a meetup spot', () => {
  it('offers the three spots nearest the area, and another place', async () => {
    const { dialog } = await openBooking();
    await waitFor(() => expect(dialog.getAllByRole('radio')).toHaveLength(4));
    expect(dialog.getByRole('radio', { name: new RegExp(`^${mall.name}`) })).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Another place' })).toBeChecked();
  });

  it('refuses a day the spot is closed, in words, and books a time it is open', async () => {
    const { dialog, user, mockStore } = await openBooking();
    await user.click(await dialog.findByRole('radio', { name: new RegExp(`^${mall.name}`) }));
    const when = dialog.getByLabelText('When to meet (Dhaka time)');
    fireEvent.change(when, { target: { value: dhakaInput(2, '12:00') } });
    await user.click(dialog.getByRole('button', { name: 'Book to meet the seller' }));
    expect(await dialog.findByText(meetupRefusals.closedThatDay(mall.name, 'tue'))).toBeInTheDocument();
    fireEvent.change(when, { target: { value: dhakaInput(1, '12:00') } });
    await user.click(dialog.getByRole('button', { name: 'Book to meet the seller' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const booked = mockStore.bookings.find((booking) => booking.email === buyer.email)!;
    expect(booked.meetup).toMatchObject({ spotId: mall._id, place: mall.name, address: mall.address });
    expect(booked.area).toBe('tejgaon');
  });
});

describe('Meetup spots (admins)', () => {
  it('lists the spots and adds one, refusing hours that close before they open', async () => {
    const { user, mockStore } = renderApp('/dashboard/meetupSpots', { as: demoAccounts.admin });
    expect(await screen.findByRole('button', { name: `Change ${mall.name}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a meetup spot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a meetup spot' }));
    await user.type(dialog.getByLabelText('Name'), 'Gulshan 2 Circle mall');
    await user.type(dialog.getByLabelText('Address'), 'Gulshan 2, Dhaka');
    await user.type(dialog.getByLabelText('Latitude'), '23.79');
    await user.type(dialog.getByLabelText('Longitude'), '90.41');
    await user.type(dialog.getByLabelText('Monday'), '20:00-10:00');
    await user.click(dialog.getByRole('button', { name: 'Add the spot' }));
    expect(
      await dialog.findByText('On Monday the spot must close after it opens (20:00 to 10:00)'),
    ).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Monday'));
    await user.type(dialog.getByLabelText('Monday'), '10:00-20:00');
    await user.click(dialog.getByRole('button', { name: 'Add the spot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const added = mockStore.meetupSpots.find((spot) => spot.name === 'Gulshan 2 Circle mall');
    expect(added).toMatchObject({
      lat: 23.79,
      lng: 90.41,
      hours: { mon: { opens: '10:00', closes: '20:00' } },
    });
    expect(mockStore.audit.at(-1)).toMatchObject({
      action: 'meetup-spot.create',
      targetName: 'Gulshan 2 Circle mall',
    });
  });
});
