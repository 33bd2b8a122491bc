// Forgot password on Login (issue 25, part 2): the reset link is asked for the email typed above, the answer is
// the same whether or not the email has an account, and only on the emulator does it say where the link is kept.
import { demoAccounts } from '@recell/api/fixtures';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';
import { resetSentMessage } from './components/LoginPage';

const forgot = () => screen.findByRole('button', { name: 'Forgot password?' });

describe('Forgot password', () => {
  it('sends the link to the email typed above and says so, with no demo note off the emulator', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), demoAccounts.buyer.email);
    await user.click(await forgot());
    const said = await findStatus(
      `If an account uses ${demoAccounts.buyer.email}, a link to reset its password is on its way.`,
    );
    expect(said).toHaveTextContent(/^If an account/);
    expect(screen.queryByText(/Demo mode: no email is sent/)).not.toBeInTheDocument();
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

  it("names the emulator's inbox only when there is one (demo mode)", () => {
    const inbox = 'http://127.0.0.1:9099/emulator/v1/projects/demo-recell/oobCodes';
    expect(resetSentMessage('a@recell.test', { emulatorInbox: inbox })).toBe(
      `If an account uses a@recell.test, a link to reset its password is on its way. Demo mode: no email is sent; the link is listed at ${inbox}`,
    );
    expect(resetSentMessage('a@recell.test', { emulatorInbox: null })).not.toMatch(/Demo mode|emulator/);
  });
});
