// Forgot password on Login: the reset link is asked for the email typed above, the answer is
// the same whether or not the email has an account; demo mode (the emulator, the mocks) sends no email and shows
// the link itself, to the app's own reset page, where a new password is set once per link.
import { demoAccounts } from '@recell/api/fixtures';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockStore } from '@recell/api/mocks';
import { createMockIdentity, mockResetCode } from '../../mock-mode/mock-identity';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';
import { resetSentMessage, resetSentText } from './components/LoginPage';
import { MISSING_CODE } from './components/ResetPasswordPage';

const forgot = () => screen.findByRole('button', { name: 'Forgot password?' });

describe('Forgot password', () => {
  it('sends the link to the email typed above and says so; demo mode shows the link to the reset page', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), demoAccounts.buyer.email);
    await user.click(await forgot());
    const said = await findStatus(new RegExp(`^${resetSentText(demoAccounts.buyer.email)} Demo mode`));
    expect(said).toHaveTextContent('Demo mode: no email is sent. Open the reset link');
    expect(screen.getByRole('link', { name: 'Open the reset link' })).toHaveAttribute(
      'href',
      `/reset?oobCode=${encodeURIComponent(mockResetCode(demoAccounts.buyer.email))}`,
    );
  });

  it('says the same words for an email with no account, and shows no link', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'nobody@recell.test');
    await user.click(await forgot());
    expect(await findStatus(resetSentText('nobody@recell.test'))).toHaveTextContent(/^If an account/);
    expect(screen.queryByRole('link', { name: 'Open the reset link' })).not.toBeInTheDocument();
  });

  it('asks for the email first', async () => {
    const { user } = renderApp('/login');
    await user.click(await forgot());
    await findAlert('Enter your email above, then choose Forgot password.');
  });

  it('says a failure in words, and the form still signs in', async () => {
    const { user, identity } = renderApp('/login');
    identity.failNext('network-request-failed');
    await user.type(await screen.findByLabelText('Email'), demoAccounts.buyer.email);
    await user.click(await forgot());
    await findAlert('Could not reach the sign-in service. Check your connection and try again.');
    await user.type(screen.getByLabelText('Password'), demoAccounts.buyer.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('says the link only in demo mode', () => {
    render(<p>{resetSentMessage('a@recell.test', { demoResetPath: null })}</p>);
    expect(screen.getByText(resetSentText('a@recell.test'))).toBeInTheDocument();
    expect(screen.queryByText(/Demo mode|emulator/)).not.toBeInTheDocument();
  });
});

describe('the reset page', () => {
  const { buyer } = demoAccounts;
  const link = (code: string) => `/reset?${new URLSearchParams({ oobCode: code })}`;

  it('sets the new password: Login then takes the new one, not the old', async () => {
    const { user } = renderApp(link(mockResetCode(buyer.email)));
    expect(await screen.findByText(`Choose a new password for ${buyer.email}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password is required');
    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await findStatus(/^Your password is changed\./)).toHaveTextContent(
      'Your password is changed. Log in with your new password.',
    );
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('Email'), buyer.email);
    await user.type(screen.getByLabelText('Password'), buyer.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await findAlert('The email or password is incorrect.');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('refuses a made-up link and a link without its code, saying how to get a new one', async () => {
    renderApp(link('made-up'));
    await findAlert(
      'This reset link is not valid or was already used. Ask for a new one: Login, then Forgot password.',
    );
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('refuses a link without its code', async () => {
    renderApp('/reset');
    await findAlert(MISSING_CODE);
  });

  it('takes a link once, as Firebase does (the mocked identity)', async () => {
    const identity = createMockIdentity(createMockStore());
    const code = mockResetCode(buyer.email);
    expect(await identity.checkPasswordResetCode(code)).toBe(buyer.email);
    await expect(identity.resetPassword(code, 'short')).rejects.toThrow(/weak-password/);
    await identity.resetPassword(code, 'brand-new-2');
    await expect(identity.checkPasswordResetCode(code)).rejects.toThrow(/invalid-action-code/);
    await expect(identity.resetPassword(code, 'brand-new-3')).rejects.toThrow(/invalid-action-code/);
    await identity.signIn(buyer.email, 'brand-new-2');
  });
});
