// Verifying a seller's phone on Sign-in security: the number, the code "texted" to it (the mocked
// identity's 123456), a wrong or expired code in words, and the number verified with its "Phone verified" mark.
import { MOCK_PHONE_CODE } from '@recell/api/mocks';
import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findAnnounced, page, screenMeta } from '../testing/story-helpers';

const { seller } = demoAccounts;
const NUMBER = '+8801712345678';

const meta = {
  title: 'Screens/Verify your phone',
  tags: ['!autodocs'],
  // the demo seller before their number was verified
  ...screenMeta({
    route: '/login?from=%2Faccount%2Fsecurity',
    seed: (store) => void store.phones.delete(seller._id),
  }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

async function section() {
  await userEvent.type(await page().findByLabelText('Email'), seller.email);
  await userEvent.type(page().getByLabelText('Password'), seller.password);
  await userEvent.click(page().getByRole('button', { name: 'Login' }));
  return within(await page().findByRole('region', { name: 'Verify your phone' }));
}

async function toCodeSent() {
  const verify = await section();
  await userEvent.type(await verify.findByLabelText('Your phone number'), NUMBER);
  await userEvent.click(verify.getByRole('button', { name: 'Text me a code' }));
  await expect(await verify.findByText(/We texted a six-digit code to/)).toBeVisible();
  return verify;
}

async function typeCode(verify: Awaited<ReturnType<typeof section>>, code: string) {
  await userEvent.type(await verify.findByLabelText('Code'), code);
  await userEvent.click(verify.getByRole('button', { name: 'Verify the number' }));
}

/** No verified number yet: listings show none, and adding or editing one waits for it. */
export const NotVerified: Story = {
  play: async () => {
    const verify = await section();
    await expect(
      await verify.findByText(/Your listings show a phone number only once it is verified/),
    ).toBeVisible();
  },
};

export const CodeSent: Story = {
  play: async () => {
    await toCodeSent();
  },
};

export const WrongCode: Story = {
  play: async () => {
    const verify = await toCodeSent();
    await typeCode(verify, '000000');
    await findAnnounced(
      'That code is not right. Check the text message and type the six digits again.',
      'alert',
    );
  },
};

export const Expired: Story = {
  parameters: { screen: { codeFails: 'code-expired' } },
  play: async () => {
    const verify = await toCodeSent();
    await typeCode(verify, MOCK_PHONE_CODE);
    await findAnnounced(
      'That code has expired. Send a new code and type the one in the new message.',
      'alert',
    );
  },
};

export const Verified: Story = {
  play: async () => {
    const verify = await toCodeSent();
    await typeCode(verify, MOCK_PHONE_CODE);
    await expect(await verify.findByRole('status')).toHaveTextContent(
      `Phone verified Buyers you deal with see ${NUMBER} on your listings.`,
    );
  },
};
