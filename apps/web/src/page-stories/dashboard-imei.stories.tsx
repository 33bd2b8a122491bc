import { demoAccounts, mobiles, otherSeller } from '@recell/api/fixtures';
import type { MockStore, MockTacConfirmation } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { at375, findAnnounced, loadedScreen, page, screenMeta } from '../testing/story-helpers';

const s21 = mobiles.find((phone) => phone._id === 'm-samsung-s21')!;
const IMEI = '002021010000010';

const meta = {
  title: 'Screens/Dashboard/IMEI registry',
  tags: ['!autodocs'],
  ...screenMeta({
    route: '/dashboard/imei',
    persona: 'admin',
    seed: (store) => {
      store.imeis.set(s21._id, IMEI);
      store.imeiMarks.set(IMEI, {
        status: 'blocked',
        reason: 'Reported stolen, police case 2211',
        markedBy: 'admin@recell.test',
        markedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
      });
    },
  }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** An IMEI an admin marked stolen: its model, status, who marked it and why, and the listing that carries it. */
export const Blocked: Story = {
  play: async () => {
    await userEvent.type(await page().findByLabelText('IMEI'), IMEI);
    await userEvent.click(page().getByRole('button', { name: 'Look up' }));
    await expect(await page().findByText('TAC 00202101: Samsung Galaxy S21.')).toBeVisible();
    await expect(page().getByText(/Marked stolen or blocked by admin@recell\.test/)).toBeVisible();
    await expect(page().getByRole('link', { name: s21.title })).toBeVisible();
  },
};

export const BlockedAt375: Story = at375(Blocked);

/** Before a lookup: only the IMEI field. */
export const Empty: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'IMEI registry' })).toBeVisible();
    await expect(page().getByRole('button', { name: 'Look up' })).toBeEnabled();
  },
};

const DISPUTED = '36012345';

/** Three handovers of one TAC whose buyers matched the IMEI: two listings name a Galaxy S24, one an S24 Ultra. */
function seedConflict(store: MockStore) {
  const witness = (
    title: string,
    model: string,
    seller: { _id: string; email: string },
    hoursAgo: number,
  ): MockTacConfirmation => ({
    _id: store.nextId('tc'),
    tac: DISPUTED,
    mobileId: s21._id,
    category_id: '02',
    title,
    model,
    buyer_id: demoAccounts.buyer._id,
    seller_id: seller._id,
    buyerEmail: demoAccounts.buyer.email,
    sellerEmail: seller.email,
    buyer_phone: null,
    seller_phone: null,
    not_counted: null,
    confirmedAt: new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
  });
  store.tacConfirmations.push(
    witness('Samsung Galaxy S24', 'Galaxy S24', demoAccounts.seller, 50),
    {
      ...witness('Samsung Galaxy S24 256GB', 'Galaxy S24 256GB', demoAccounts.seller, 30),
      not_counted: 'repeat_pair',
    },
    witness('Samsung Galaxy S24 Ultra', 'Galaxy S24 Ultra', otherSeller, 2),
  );
}

/**
 * A TAC whose buyers' confirmations disagree: the evidence (listing, model, buyer, seller, when, whether it
 * counts), and the admin confirms one model, which the audit log records.
 */
export const Conflict: Story = {
  parameters: { screen: { seed: seedConflict } },
  play: async (context) => {
    const { mockStore } = loadedScreen(context);
    const dispute = await page().findByRole('article', { name: `TAC ${DISPUTED}` });
    await expect(dispute).toHaveTextContent(/none is learned until an admin confirms one/);
    await expect(page().getAllByText('Samsung Galaxy S24 Ultra').length).toBeGreaterThan(0);
    await expect(page().getByText('No: the two had dealt before')).toBeVisible();
    await userEvent.click(page().getByRole('button', { name: 'It is a Samsung Galaxy S24' }));
    await findAnnounced(`TAC ${DISPUTED} confirmed as Samsung Galaxy S24`);
    await waitFor(() => expect(page().getByText('No TAC is in dispute.')).toBeVisible());
    await expect(mockStore.audit.at(-1)).toMatchObject({
      action: 'imei.confirm-tac-model',
      target: DISPUTED,
      targetName: 'Samsung Galaxy S24',
    });
  },
};

export const ConflictAt375: Story = at375(Conflict);
