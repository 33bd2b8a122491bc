// The safe deal in every state, on both sides: the buyer's My Orders (held with its code, the buyer's
// check before it (not started, not matched, matched, done, locked, skipped), locked, completed,
// expired, declined, cancelled, not as described) and the seller's board on My Buyers (the code dialog,
// its errors and lockout, decline, the earnings).
import {
  dealRefusals,
  HANDOVER_ATTEMPTS,
  HANDOVER_LOCKED_TEXT,
  IMEI_CHECK_LOCKED_TEXT,
  imeiNotMatchedText,
} from '@recell/api';
import type { MockStore } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  checkedHold,
  endedHold,
  freshHold,
  HANDOVER_CODE,
  heldDeal,
  imeiLockedHold,
  lockedHold,
  matchedHold,
  notMatchedHold,
  seedBooking,
  skippedHold,
} from '../testing/deals';
import { at375, findAnnounced, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Safe deal',
  tags: ['!autodocs'],
  // the buyer has checked the phone, so the held deal's dialog shows the code; the check's own
  // states are the BuyerCheck stories below
  ...screenMeta({ route: '/dashboard', persona: 'buyer', seed: checkedHold }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const row = async (name: string) => within((await page().findByRole('cell', { name })).closest('tr')!);
const seed = (change: (store: MockStore) => void) => ({ parameters: { screen: { seed: change } } });
const asSeller = (change: (store: MockStore) => void = freshHold) => ({
  parameters: { screen: { route: '/dashboard/myBuyers', persona: 'seller' as const, seed: change } },
});
const WRONG = HANDOVER_CODE === '000000' ? '111111' : '000000';

async function openCode() {
  await userEvent.click(
    (await row(heldDeal.MobileName)).getByRole('button', {
      name: `Handover code for ${heldDeal.MobileName}`,
    }),
  );
  const dialog = within(await page().findByRole('dialog', { name: `Your deal for ${heldDeal.MobileName}` }));
  // the dialog fades in
  await waitFor(() => expect(dialog.getByText(HANDOVER_CODE)).toBeVisible());
  return dialog;
}

/** Held: the row says so with the time left; the code is behind one button. */
export const BuyerHeld: Story = {
  play: async () => {
    const held = await row(heldDeal.MobileName);
    await expect(held.getByText('Payment held')).toBeVisible();
    await expect(held.getByText('3 days 0 hours left')).toBeVisible();
  },
};

/** The held deal's dialog: the code large and as a QR, the meeting place, the checklist, walking away. */
export const BuyerHandoverCode: Story = {
  play: async () => {
    const dialog = await openCode();
    await expect(
      await dialog.findByRole('img', { name: `QR code of the handover code ${HANDOVER_CODE}` }),
    ).toBeVisible();
    await expect(dialog.getByText(heldDeal.location)).toBeVisible();
    await expect(dialog.getByText(/dial \*#06#/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Not as described' })).toBeVisible();
  },
};

export const BuyerHandoverCodeOnPhone: Story = at375(BuyerHandoverCode);

/** The buyer's check before the code: the dialog opens on it, the code is not shown yet. */
async function openCheck() {
  await userEvent.click(
    (await row(heldDeal.MobileName)).getByRole('button', {
      name: `Handover code for ${heldDeal.MobileName}`,
    }),
  );
  const dialog = within(await page().findByRole('dialog', { name: `Your deal for ${heldDeal.MobileName}` }));
  await waitFor(() => expect(dialog.getByRole('heading', { name: 'Check the phone' })).toBeVisible());
  await expect(dialog.queryByText(HANDOVER_CODE)).toBeNull();
  return dialog;
}

/** Not started: the IMEI field (15 digits, a numeric keypad), and "Skip the check". */
export const BuyerCheckNotStarted: Story = {
  ...seed(freshHold),
  play: async () => {
    const dialog = await openCheck();
    await expect(dialog.getByRole('textbox', { name: 'IMEI shown on the phone' })).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    await expect(dialog.getByRole('button', { name: 'Skip the check' })).toBeVisible();
  },
};

export const BuyerCheckNotStartedOnPhone: Story = at375(BuyerCheckNotStarted);

/** A wrong IMEI: not this phone, with the tries left under the field. */
export const BuyerCheckNotMatched: Story = {
  ...seed((store) => notMatchedHold(store, 3)),
  play: async () => {
    const dialog = await openCheck();
    await expect(dialog.getByText(imeiNotMatchedText(3))).toBeVisible();
  },
};

/** The IMEI matched: the two boxes are next, then the code. */
export const BuyerCheckMatched: Story = {
  ...seed(matchedHold),
  play: async () => {
    const dialog = await openCheck();
    await expect(dialog.getByText('IMEI matched: this is the phone you booked.')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /condition matches the listing/ })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /signed out of its cloud account/ })).toBeVisible();
  },
};

/** Ticking both boxes shows the code: a verified handover. */
export const BuyerCheckDone: Story = {
  ...seed(matchedHold),
  play: async () => {
    const dialog = await openCheck();
    await userEvent.click(dialog.getByRole('checkbox', { name: /condition matches the listing/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /signed out of its cloud account/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Show my handover code' }));
    await expect(await dialog.findByText(HANDOVER_CODE)).toBeVisible();
    await expect(dialog.getByText(/counts as a verified handover/)).toBeVisible();
  },
};

/** 5 wrong IMEIs: locked; walk away, nothing is charged (the walk-away button, no code, no skipping). */
export const BuyerCheckLocked: Story = {
  ...seed(imeiLockedHold),
  play: async () => {
    const dialog = await openCheck();
    await expect(dialog.getByRole('alert')).toHaveTextContent(IMEI_CHECK_LOCKED_TEXT);
    await expect(dialog.getByRole('button', { name: 'Walk away from the deal' })).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Skip the check' })).toBeNull();
  },
};

/** Skipped: the code shows, and the dialog says the deal is not a verified handover. */
export const BuyerCheckSkipped: Story = {
  ...seed(skippedHold),
  play: async () => {
    const dialog = await openCode();
    await expect(dialog.getByText(/does not count as a verified handover/)).toBeVisible();
  },
};

/** Not as described asks what did not match before walking away. */
export const BuyerNotAsDescribed: Story = {
  play: async () => {
    const dialog = await openCode();
    await userEvent.click(dialog.getByRole('button', { name: 'Not as described' }));
    const confirm = within(
      await page().findByRole('dialog', { name: `${heldDeal.MobileName} is not as described?` }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Walk away and report' }));
    await expect(confirm.getByRole('textbox', { name: /What did not match/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const BuyerLocked: Story = {
  ...seed(lockedHold),
  play: async () => {
    await expect((await row(heldDeal.MobileName)).getByText(HANDOVER_LOCKED_TEXT)).toBeVisible();
  },
};

export const BuyerCompleted: Story = {
  ...seed((store) => endedHold(store, 'completed')),
  play: async () => {
    const done = await row(heldDeal.MobileName);
    await expect(done.getByText('Paid')).toBeVisible();
    await expect(done.getByText('Deal complete.')).toBeVisible();
  },
};

export const BuyerExpired: Story = {
  ...seed((store) => endedHold(store, 'expired')),
  play: async () => {
    await expect((await row(heldDeal.MobileName)).getByText(/did not happen in time/)).toBeVisible();
  },
};

export const BuyerDeclined: Story = {
  ...seed((store) => endedHold(store, 'declined')),
  play: async () => {
    await expect((await row(heldDeal.MobileName)).getByText('Declined by the seller')).toBeVisible();
  },
};

export const BuyerCancelled: Story = {
  ...seed((store) => endedHold(store, 'cancelled')),
  play: async () => {
    await expect((await row(heldDeal.MobileName)).getByText('Cancelled by you')).toBeVisible();
  },
};

export const BuyerNotAsDescribedEnded: Story = {
  ...seed((store) => {
    endedHold(store, 'cancelled');
    seedBooking(store, heldDeal._id, { notAsDescribed: true });
  }),
  play: async () => {
    await expect((await row(heldDeal.MobileName)).getByText(/not as described/)).toBeVisible();
  },
};

/** A blocked IMEI at the handover: the buyer's booking says why. */
export const BuyerDeviceBlocked: Story = {
  ...seed((store) => {
    endedHold(store, 'cancelled');
    seedBooking(store, heldDeal._id, { cancelledBy: 'listing', deviceBlocked: true });
  }),
  play: async () => {
    await expect(
      (await row(heldDeal.MobileName)).getByText(/IMEI is reported stolen or blocked\. Nothing was charged/),
    ).toBeVisible();
  },
};

/** The same deal on the seller's board. */
export const SellerDeviceBlocked: Story = {
  ...asSeller((store) => {
    endedHold(store, 'cancelled');
    seedBooking(store, heldDeal._id, { cancelledBy: 'listing', deviceBlocked: true });
  }),
  play: async () => {
    const ended = await row(heldDeal.MobileName);
    await expect(ended.getByText('IMEI blocked')).toBeVisible();
    await expect(ended.getByText(/The listing is down for review/)).toBeVisible();
  },
};

/** The seller's board: the held deal with its buyer, place, time and actions; the earnings above. */
export const SellerBoard: Story = {
  ...asSeller(),
  play: async () => {
    const held = await row(heldDeal.MobileName);
    await expect(held.getByText(heldDeal.buyer)).toBeVisible();
    await expect(held.getByText(heldDeal.location)).toBeVisible();
    await expect(held.getByText(/3 days 0 hours left/)).toBeVisible();
    await expect(held.getByRole('button', { name: /^Decline / })).toBeVisible();
    const earnings = within(page().getByRole('region', { name: 'Earnings' }));
    await expect(await earnings.findByText('$820 in 1 deal')).toBeVisible();
  },
};

export const SellerBoardOnPhone: Story = at375(SellerBoard);

async function enterCode(code: string) {
  await userEvent.click(
    (await row(heldDeal.MobileName)).getByRole('button', {
      name: `Enter handover code for ${heldDeal.MobileName}`,
    }),
  );
  const dialog = within(await page().findByRole('dialog', { name: `Handover of ${heldDeal.MobileName}` }));
  await userEvent.type(dialog.getByRole('textbox', { name: 'Handover code' }), code);
  await userEvent.click(dialog.getByRole('button', { name: 'Complete the deal' }));
  return dialog;
}

export const SellerWrongCode: Story = {
  ...asSeller(),
  play: async () => {
    const dialog = await enterCode(WRONG);
    await expect(
      await dialog.findByText(dealRefusals.wrongCode(HANDOVER_ATTEMPTS - 1).message),
    ).toBeVisible();
  },
};

export const SellerLockout: Story = {
  ...asSeller((store) => freshHold(store, { handoverAttemptsLeft: 1 })),
  play: async () => {
    const dialog = await enterCode(WRONG);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      `locked after ${HANDOVER_ATTEMPTS} wrong codes`,
    );
  },
};

export const SellerCompletes: Story = {
  ...asSeller(),
  play: async () => {
    await enterCode(HANDOVER_CODE);
    await findAnnounced(`Deal complete: $${heldDeal.price} for ${heldDeal.MobileName} is yours`);
    await expect(await page().findByText('$960 from 2 deals')).toBeVisible();
  },
};

export const SellerDeclineAsks: Story = {
  ...asSeller(),
  play: async () => {
    await userEvent.click((await row(heldDeal.MobileName)).getByRole('button', { name: /^Decline / }));
    const dialog = within(await page().findByRole('dialog'));
    await waitFor(() => expect(dialog.getByText(/nothing is charged/)).toBeVisible());
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeVisible();
  },
};

export const SellerLocked: Story = {
  ...asSeller(lockedHold),
  play: async () => {
    const held = await row(heldDeal.MobileName);
    await expect(held.getByText(HANDOVER_LOCKED_TEXT)).toBeVisible();
    await expect(held.queryByRole('button', { name: /Enter handover code/ })).toBeNull();
  },
};

export const SellerExpired: Story = {
  ...asSeller((store) => endedHold(store, 'expired')),
  play: async () => {
    await expect((await row(heldDeal.MobileName)).getByText('Expired')).toBeVisible();
  },
};
