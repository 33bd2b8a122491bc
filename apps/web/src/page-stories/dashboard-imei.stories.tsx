import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { at375, page, screenMeta } from '../testing/story-helpers';

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
