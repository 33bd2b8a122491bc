// Verifying a seller's phone on the web: Sign-in security's "Verify your phone" texts a code (the
// mocked identity), says a wrong one and a taken number in words, and once verified shows the number with the
// "Phone verified" mark; the mocks, like the server, then list it on the seller's listings.
import { MOCK_PHONE_CODE } from '@recell/api/mocks';
import { demoAccounts, demoSellerPhones } from '@recell/api/fixtures';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAlert } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const newSeller = {
  _id: 'u-new-seller',
  name: 'New Seller',
  email: 'new.seller@recell.test',
  role: 'seller' as const,
  verified: false,
};
const PASSWORD = 'new-seller-pw';

function signedInNewSeller() {
  const view = renderApp('/login?from=/account/security', {
    seed: (store) => {
      store.users.push(newSeller);
      store.passwords.set(newSeller.email, PASSWORD);
    },
  });
  return view;
}

async function signIn(view: ReturnType<typeof renderApp>) {
  await view.user.type(await screen.findByLabelText('Email'), newSeller.email);
  await view.user.type(screen.getByLabelText('Password'), PASSWORD);
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByRole('region', { name: 'Verify your phone' });
}

async function sendCodeTo(view: ReturnType<typeof renderApp>, section: HTMLElement, phone: string) {
  await view.user.type(within(section).getByLabelText('Your phone number'), phone);
  await view.user.click(within(section).getByRole('button', { name: 'Text me a code' }));
}

async function typeCode(view: ReturnType<typeof renderApp>, section: HTMLElement, code: string) {
  const field = await within(section).findByLabelText('Code');
  await view.user.clear(field);
  await view.user.type(field, code);
  await view.user.click(within(section).getByRole('button', { name: 'Verify the number' }));
}

describe('Verify your phone', () => {
  it('texts a code, says a wrong one in words, and with the right one shows the number verified', async () => {
    const view = signedInNewSeller();
    const section = await signIn(view);
    expect(
      await within(section).findByText(/Your listings show a phone number only once it is verified/),
    ).toBeInTheDocument();

    await sendCodeTo(view, section, '+8801712 345678');
    await typeCode(view, section, '999999');
    await findAlert('That code is not right. Check the text message and type the six digits again.');
    await typeCode(view, section, MOCK_PHONE_CODE);

    const status = await within(section).findByRole('status');
    expect(status).toHaveTextContent(
      'Phone verified Buyers you deal with see +8801712345678 on your listings.',
    );
    expect(view.mockStore.phones.get(newSeller._id)).toBe('+8801712345678');
    expect(within(section).getByRole('button', { name: 'Change the number' })).toBeInTheDocument();
  });

  it("refuses a number another account verified, in the server's words", async () => {
    const view = signedInNewSeller();
    const section = await signIn(view);
    await sendCodeTo(view, section, demoSellerPhones[demoAccounts.seller._id]!);
    await typeCode(view, section, MOCK_PHONE_CODE);
    await findAlert('This phone number is already verified on another ReCell account');
    expect(view.mockStore.phones.has(newSeller._id)).toBe(false);
  });

  it('is not shown to a buyer', async () => {
    renderApp('/account/security', { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in security' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your phone' })).not.toBeInTheDocument();
  });
});
