import { dealRefusals, HANDOVER_ATTEMPTS, HANDOVER_LOCKED_TEXT } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import { freshHold, HANDOVER_CODE, heldDeal, lockedHold } from '../../testing/deals';
import { renderApp } from '../../testing/render-app';

const { seller } = demoAccounts;
const rowOf = async (name: string) => within((await screen.findByRole('cell', { name })).closest('tr')!);
const earnings = () => within(screen.getByRole('region', { name: 'Earnings' }));

async function openCodeDialog(user: ReturnType<typeof renderApp>['user']) {
  const row = await rowOf(heldDeal.MobileName);
  await user.click(row.getByRole('button', { name: `Enter handover code for ${heldDeal.MobileName}` }));
  return within(await screen.findByRole('dialog', { name: `Handover of ${heldDeal.MobileName}` }));
}

describe('My Buyers: the deals board (seller)', () => {
  it('shows the earnings: completed deals and what is held', async () => {
    renderApp('/dashboard/myBuyers', { as: seller, seed: freshHold });
    // the fixtures: one completed deal of $140, one held of $820
    expect(await screen.findByText('$140 from 1 deal')).toBeInTheDocument();
    expect(earnings().getByText('$820 in 1 deal')).toBeInTheDocument();
    // the earnings come in cents and the deal's price in dollars: the same amount reads the same
    expect((await rowOf(heldDeal.MobileName)).getByText('$820')).toBeInTheDocument();
  });

  it('completes a held deal with the buyer’s code: Paid, and the earnings move', async () => {
    const { user, mockStore } = renderApp('/dashboard/myBuyers', { as: seller, seed: freshHold });
    const row = await rowOf(heldDeal.MobileName);
    expect(row.getByText(heldDeal.location)).toBeInTheDocument();
    expect(row.getByText(/3 days 0 hours left/)).toBeInTheDocument();
    const dialog = await openCodeDialog(user);
    await user.type(dialog.getByRole('textbox', { name: 'Handover code' }), HANDOVER_CODE);
    // the code alone: what the buyer saw is their own check on their own screen, never the seller's word
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Complete the deal' }));
    await findStatus(`Deal complete: $${heldDeal.price} for ${heldDeal.MobileName} is yours`);
    // the buyer did not check (the fixture's deal): no verified handover
    expect(mockStore.handoverChecklists[heldDeal._id]).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.status).toBe('completed');
    await waitFor(() => expect(earnings().getByText('$960 from 2 deals')).toBeInTheDocument());
    expect(earnings().getByText('$0 in 0 deals')).toBeInTheDocument();
    const done = await rowOf(heldDeal.MobileName);
    expect(done.getByText('Paid')).toBeInTheDocument();
    expect(done.queryByRole('button', { name: /handover code|Decline/ })).not.toBeInTheDocument();
    // a completed deal is reviewed instead
    expect(
      done.getByRole('button', { name: `Review ${heldDeal.buyer} for ${heldDeal.MobileName}` }),
    ).toBeVisible();
    // the buttons that opened the dialog are gone: a keyboard user goes on from the board's heading
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Buyers' })).toHaveFocus());
  });

  it('refuses a wrong code with the tries left under the field, and says a short one is not 6 digits', async () => {
    const { user, mockStore } = renderApp('/dashboard/myBuyers', { as: seller, seed: freshHold });
    const dialog = await openCodeDialog(user);
    const field = dialog.getByRole('textbox', { name: 'Handover code' });
    await user.type(field, '123');
    await user.click(dialog.getByRole('button', { name: 'Complete the deal' }));
    expect(await dialog.findByText('Enter the 6 digits the buyer shows you.')).toBeInTheDocument();
    // nothing was sent: no try spent
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.handoverAttemptsLeft).toBe(5);

    await user.clear(field);
    await user.type(field, HANDOVER_CODE === '000000' ? '111111' : '000000');
    await user.click(dialog.getByRole('button', { name: 'Complete the deal' }));
    expect(
      await dialog.findByText(dealRefusals.wrongCode(HANDOVER_ATTEMPTS - 1).message),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.status).toBe('held');
  });

  it('locks the handover on the fifth wrong code and says so', async () => {
    const { user } = renderApp('/dashboard/myBuyers', {
      as: seller,
      seed: (store) => freshHold(store, { handoverAttemptsLeft: 1 }),
    });
    const dialog = await openCodeDialog(user);
    await user.type(
      dialog.getByRole('textbox', { name: 'Handover code' }),
      HANDOVER_CODE === '000000' ? '111111' : '000000',
    );
    await user.click(dialog.getByRole('button', { name: 'Complete the deal' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      `locked after ${HANDOVER_ATTEMPTS} wrong codes`,
    );
    expect(dialog.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    const row = await rowOf(heldDeal.MobileName);
    await waitFor(() => expect(row.getByText(HANDOVER_LOCKED_TEXT)).toBeInTheDocument());
    expect(row.queryByRole('button', { name: /Enter handover code/ })).not.toBeInTheDocument();
  });

  it('offers no code entry on a locked deal, only Decline', async () => {
    renderApp('/dashboard/myBuyers', { as: seller, seed: lockedHold });
    const row = await rowOf(heldDeal.MobileName);
    expect(row.getByText(HANDOVER_LOCKED_TEXT)).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Enter handover code/ })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: /^Decline / })).toBeInTheDocument();
  });

  it('declines a held deal after confirming: declined, the unit back in stock', async () => {
    const { user, mockStore } = renderApp('/dashboard/myBuyers', { as: seller, seed: freshHold });
    const stock = mockStore.mobiles.find((mobile) => mobile._id === heldDeal.mobileId)!.stock;
    const decline = `Decline ${heldDeal.buyer}'s booking of ${heldDeal.MobileName}`;
    await user.click((await rowOf(heldDeal.MobileName)).getByRole('button', { name: decline }));
    const confirm = within(await screen.findByRole('dialog', { name: `${decline}?` }));
    expect(confirm.getByText(/The hold on .* card is released and nothing is charged/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Keep it' }));
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.status).toBe('held');

    await user.click((await rowOf(heldDeal.MobileName)).getByRole('button', { name: decline }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    await findStatus('Booking declined');
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.status).toBe('declined');
    expect(mockStore.mobiles.find((mobile) => mobile._id === heldDeal.mobileId)!.stock).toBe(stock + 1);
    expect(await screen.findByText('Declined by you')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Buyers' })).toHaveFocus());
  });
});
