// The second step of signing in: the code step of Login and its failures in words, and turning the
// step on, which admins must do before any admin screen. The mocked identity "texts" 123456 to the demo admin.
import { MOCK_PHONE_CODE } from '@recell/api/mocks';
import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { findAnnounced, mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Login second step',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/login' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

async function toCodeStep() {
  await userEvent.type(await page().findByLabelText('Email'), demoAccounts.admin.email);
  await userEvent.type(page().getByLabelText('Password'), demoAccounts.admin.password);
  await userEvent.click(page().getByRole('button', { name: 'Login' }));
  await expect(await page().findByRole('heading', { name: 'Login: the second step' })).toBeVisible();
}

async function typeCode(code: string, button = 'Login') {
  await userEvent.type(await page().findByLabelText('Code'), code);
  await userEvent.click(page().getByRole('button', { name: button }));
}

/** The password was right: a code went to the admin's phone, shown by its last digits. */
export const CodeSent: Story = {
  play: async () => {
    await toCodeStep();
    await expect(page().getByText(/We texted a six-digit code to/)).toHaveTextContent(/0100/);
    await userEvent.click(page().getByRole('button', { name: 'Show the demo code' }));
    await findAnnounced(`Demo mode: no text message is sent. The code sent to …0100 is ${MOCK_PHONE_CODE}.`);
  },
};

export const CodeSentOnMobile: Story = { ...CodeSent, globals: mobile };

export const WrongCode: Story = {
  play: async () => {
    await toCodeStep();
    await typeCode('000000');
    await findAnnounced(
      'That code is not right. Check the text message and type the six digits again.',
      'alert',
    );
  },
};

export const ExpiredCode: Story = {
  parameters: { screen: { codeFails: 'code-expired' } },
  play: async () => {
    await toCodeStep();
    await typeCode(MOCK_PHONE_CODE);
    await findAnnounced(
      'That code has expired. Send a new code and type the one in the new message.',
      'alert',
    );
    await expect(page().getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  },
};

export const TooManyTries: Story = {
  parameters: { screen: { codeFails: 'too-many-requests' } },
  play: async () => {
    await toCodeStep();
    await typeCode(MOCK_PHONE_CODE);
    await findAnnounced(
      'Too many tries. Please wait a few minutes, then send a new code or try again.',
      'alert',
    );
  },
};

/** An admin whose sign-in had no second step, sent here from an admin screen: turn it on first. */
export const EnrolmentRequired: Story = {
  parameters: { screen: { route: '/account/security?from=%2Fdashboard%2Fusers', persona: 'admin' } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
    await findAnnounced(/Admins must sign in with a second step/, 'alert');
    await expect(page().getByLabelText('Phone number')).toBeVisible();
  },
};
