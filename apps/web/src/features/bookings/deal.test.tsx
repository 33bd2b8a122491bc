import { HANDOVER_LOCKED_TEXT, IMEI_CHECK_LOCKED_TEXT, imeiNotMatchedText } from '@recell/api';
import { withCheckDigit } from '@recell/api/test-cards';
import { demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import {
  checkedHold,
  endedHold,
  freshHold,
  HANDOVER_CODE,
  HELD_IMEI,
  heldDeal,
  imeiLockedHold,
  lockedHold,
} from '../../testing/deals';
import { renderApp } from '../../testing/render-app';

const { buyer, seller } = demoAccounts;
const rowOf = async (name: string) => within((await screen.findByRole('cell', { name })).closest('tr')!);

describe('My Orders: the safe deal (buyer)', () => {
  it('shows a held deal with its time left, and its code, QR, meeting place and checklist in a dialog', async () => {
    const { user } = renderApp('/dashboard', { as: buyer, seed: checkedHold });
    const row = await rowOf(heldDeal.MobileName);
    expect(row.getByText('Payment held')).toBeInTheDocument();
    expect(row.getByText('3 days 0 hours left')).toBeInTheDocument();
    // compact: the code is not in the row
    expect(row.queryByText(HANDOVER_CODE)).not.toBeInTheDocument();

    await user.click(row.getByRole('button', { name: `Handover code for ${heldDeal.MobileName}` }));
    const dialog = within(
      await screen.findByRole('dialog', { name: `Your deal for ${heldDeal.MobileName}` }),
    );
    expect(dialog.getByText(HANDOVER_CODE)).toBeInTheDocument();
    expect(
      await dialog.findByRole('img', { name: `QR code of the handover code ${HANDOVER_CODE}` }),
    ).toBeInTheDocument();
    expect(dialog.getByText(heldDeal.location)).toBeInTheDocument();
    expect(dialog.getByText(/IMEI matches what the phone shows when you dial \*#06#/)).toBeInTheDocument();
    expect(dialog.getByText(/signed out of its cloud account/)).toBeInTheDocument();
  });

  it('checks the phone before the code: a wrong IMEI with the tries left, the right one, both boxes, the code', async () => {
    const { user, mockStore } = renderApp('/dashboard', { as: buyer, seed: freshHold });
    await user.click(
      (await rowOf(heldDeal.MobileName)).getByRole('button', {
        name: `Handover code for ${heldDeal.MobileName}`,
      }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: `Your deal for ${heldDeal.MobileName}` }),
    );
    expect(dialog.getByRole('heading', { name: 'Check the phone' })).toBeInTheDocument();
    expect(dialog.queryByText(HANDOVER_CODE)).not.toBeInTheDocument();
    const field = dialog.getByRole('textbox', { name: 'IMEI shown on the phone' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    // 14 digits: said before anything is sent
    await user.type(field, HELD_IMEI.slice(0, 14));
    await user.click(dialog.getByRole('button', { name: 'Check the IMEI' }));
    expect(field).toHaveAccessibleDescription(/Type the 15 digits/);
    // another phone's IMEI: no match, 4 tries left
    const other = withCheckDigit(`${HELD_IMEI.slice(0, 13)}${(Number(HELD_IMEI[13]) + 1) % 10}`);
    await user.clear(field);
    await user.type(field, other);
    await user.click(dialog.getByRole('button', { name: 'Check the IMEI' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(new RegExp(imeiNotMatchedText(4).slice(0, 40))),
    );
    await user.clear(field);
    await user.type(field, HELD_IMEI);
    await user.click(dialog.getByRole('button', { name: 'Check the IMEI' }));
    expect(await dialog.findByText('IMEI matched: this is the phone you booked.')).toBeInTheDocument();
    // both boxes, or it says so
    await user.click(dialog.getByRole('button', { name: 'Show my handover code' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(/Tick both/);
    await user.click(dialog.getByRole('checkbox', { name: /condition matches the listing/ }));
    await user.click(dialog.getByRole('checkbox', { name: /signed out of its cloud account/ }));
    await user.click(dialog.getByRole('button', { name: 'Show my handover code' }));
    expect(await dialog.findByText(HANDOVER_CODE)).toBeInTheDocument();
    expect(dialog.getByText(/counts as a verified handover/)).toBeInTheDocument();
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.buyerCheck?.state).toBe(
      'checked',
    );
  });

  it('says a locked check means walking away, nothing charged, and walks away from there', async () => {
    const { user } = renderApp('/dashboard', { as: buyer, seed: imeiLockedHold });
    await user.click(
      (await rowOf(heldDeal.MobileName)).getByRole('button', {
        name: `Handover code for ${heldDeal.MobileName}`,
      }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('alert')).toHaveTextContent(IMEI_CHECK_LOCKED_TEXT);
    expect(dialog.queryByText(HANDOVER_CODE)).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Skip the check' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Walk away from the deal' }));
    expect(
      await screen.findByRole('dialog', { name: `Walk away from ${heldDeal.MobileName}?` }),
    ).toBeInTheDocument();
  });

  it('skipping the check shows the code, and says the deal is not a verified handover', async () => {
    const { user } = renderApp('/dashboard', { as: buyer, seed: freshHold });
    await user.click(
      (await rowOf(heldDeal.MobileName)).getByRole('button', {
        name: `Handover code for ${heldDeal.MobileName}`,
      }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Skip the check' }));
    expect(await dialog.findByText(HANDOVER_CODE)).toBeInTheDocument();
    expect(dialog.getByText(/does not count as a verified handover/)).toBeInTheDocument();
  });

  it('never shows the code to the seller', async () => {
    renderApp('/dashboard/myBuyers', { as: seller, seed: freshHold });
    const row = await rowOf(heldDeal.MobileName);
    expect(row.getByText('Payment held')).toBeInTheDocument();
    expect(screen.queryByText(HANDOVER_CODE)).not.toBeInTheDocument();
  });

  it('says a locked handover is locked, without the code', async () => {
    const { user } = renderApp('/dashboard', { as: buyer, seed: lockedHold });
    const row = await rowOf(heldDeal.MobileName);
    expect(row.getByText(HANDOVER_LOCKED_TEXT)).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: `Deal details for ${heldDeal.MobileName}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/The handover is locked/)).toBeInTheDocument();
    expect(dialog.queryByText(HANDOVER_CODE)).not.toBeInTheDocument();
  });

  it.each([
    ['completed', 'Paid', 'Deal complete.'],
    ['expired', 'Expired', /did not happen in time/],
    ['declined', 'Declined by the seller', /The seller declined/],
    ['cancelled', 'Cancelled by you', 'Nothing was charged.'],
  ] as const)('says a %s deal in words', async (status, badge, note) => {
    renderApp('/dashboard', { as: buyer, seed: (store) => endedHold(store, status) });
    const row = await rowOf(heldDeal.MobileName);
    expect(row.getByText(badge)).toBeInTheDocument();
    expect(row.getByText(note)).toBeInTheDocument();
    // an ended deal has nothing left to do, but a completed one is reviewed, and inside its claim window a hidden
    // problem can be reported
    expect(row.queryAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(
      status === 'completed'
        ? [
            `Review the seller of ${heldDeal.MobileName}`,
            `Report a hidden problem with ${heldDeal.MobileName}`,
          ]
        : [],
    );
    expect(row.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('walks away from a held deal after confirming: cancelled, the unit back in stock', async () => {
    const { user, mockStore } = renderApp('/dashboard', { as: buyer, seed: freshHold });
    const stock = mockStore.mobiles.find((mobile) => mobile._id === heldDeal.mobileId)!.stock;
    await user.click(
      (await rowOf(heldDeal.MobileName)).getByRole('button', {
        name: `Handover code for ${heldDeal.MobileName}`,
      }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: `Walk away from ${heldDeal.MobileName}?` }),
    );
    // going back keeps the deal
    await user.click(confirm.getByRole('button', { name: 'Keep the deal' }));
    expect(
      await screen.findByRole('dialog', { name: `Your deal for ${heldDeal.MobileName}` }),
    ).toBeInTheDocument();
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.status).toBe('held');

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the deal' }),
    );
    await findStatus('Deal cancelled: the hold on your card is released');
    expect((await rowOf(heldDeal.MobileName)).getByText('Cancelled by you')).toBeInTheDocument();
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'buyer',
    });
    expect(mockStore.mobiles.find((mobile) => mobile._id === heldDeal.mobileId)!.stock).toBe(stock + 1);
  });

  it('marks a held deal not as described after confirming with a reason: cancelled and reported', async () => {
    const { user, mockStore } = renderApp('/dashboard', { as: buyer, seed: freshHold });
    const reports = mockStore.reports.length;
    await user.click(
      (await rowOf(heldDeal.MobileName)).getByRole('button', {
        name: `Handover code for ${heldDeal.MobileName}`,
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not as described' }),
    );
    const confirm = within(
      await screen.findByRole('dialog', { name: `${heldDeal.MobileName} is not as described?` }),
    );
    // a reason is asked for first
    await user.click(confirm.getByRole('button', { name: 'Walk away and report' }));
    expect(confirm.getByRole('textbox', { name: /What did not match/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)?.status).toBe('held');

    await user.type(confirm.getByRole('textbox', { name: /What did not match/ }), 'The IMEI differs');
    await user.click(confirm.getByRole('button', { name: 'Walk away and report' }));
    await findStatus('Deal cancelled and reported: the hold on your card is released');
    await waitFor(() =>
      expect(mockStore.bookings.find((booking) => booking._id === heldDeal._id)).toMatchObject({
        status: 'cancelled',
        notAsDescribed: true,
      }),
    );
    expect(mockStore.reports).toHaveLength(reports + 1);
    expect(mockStore.reports.at(-1)?.Report).toBe('Not as described: The IMEI differs');
    expect(await screen.findByText(/You walked away: not as described/)).toBeInTheDocument();
  });
});
