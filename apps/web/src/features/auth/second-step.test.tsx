// Two-step sign-in on the web: the code step of Login with its failures in words, turning the step on
// in Sign-in security, and an admin without it sent there before any signed-in screen (the mocks, like the
// server, refuse every call such an admin's token makes with second_factor_required).
import { SECOND_FACTOR_REQUIRED } from '@recell/api';
import { MOCK_PHONE_CODE, mockAccessToken } from '@recell/api/mocks';
import { demoAccounts, type User } from '@recell/api/fixtures';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp, sessionFor, type RenderAppOptions } from '../../testing/render-app';
import { sessionAtom } from './atoms';

const { admin, buyer } = demoAccounts;

async function passwordStep(view: ReturnType<typeof renderApp>, email: string, password: string) {
  await view.user.type(await screen.findByLabelText('Email'), email);
  await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
}

async function typeCode(view: ReturnType<typeof renderApp>, code: string, button: string) {
  const field = await screen.findByLabelText('Code');
  await view.user.clear(field);
  await view.user.type(field, code);
  await view.user.click(screen.getByRole('button', { name: button }));
}

describe('Login with a second step', () => {
  it('asks an enrolled account for the code texted to its phone, says a wrong one in words, then signs in', async () => {
    const view = renderApp('/login?from=/dashboard/users');
    await passwordStep(view, admin.email, admin.password);
    expect(await screen.findByRole('heading', { name: 'Login: the second step' })).toBeInTheDocument();
    expect(screen.getByText(/We texted a six-digit code to/)).toHaveTextContent(/\*{7}0100/);

    await typeCode(view, '12', 'Login');
    expect(await screen.findByText('Type the six digits from the text message')).toBeInTheDocument();
    await typeCode(view, '000000', 'Login');
    await findAlert('That code is not right. Check the text message and type the six digits again.');

    await typeCode(view, MOCK_PHONE_CODE, 'Login');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Users' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/dashboard/users');
  });

  it.each([
    ['code-expired', 'That code has expired. Send a new code and type the one in the new message.'],
    ['too-many-requests', 'Too many tries. Please wait a few minutes, then send a new code or try again.'],
  ])('says %s in words, and the step stays usable', async (code, sentence) => {
    const view = renderApp('/login');
    await passwordStep(view, admin.email, admin.password);
    await screen.findByLabelText('Code');
    view.identity.failNext(code);
    await typeCode(view, MOCK_PHONE_CODE, 'Login');
    await findAlert(sentence);
    await typeCode(view, MOCK_PHONE_CODE, 'Login');
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows the code that was "sent" where no text message comes (demo mode, the mocks)', async () => {
    const view = renderApp('/login');
    await passwordStep(view, admin.email, admin.password);
    await view.user.click(await screen.findByRole('button', { name: 'Show the demo code' }));
    await findStatus(`Demo mode: no text message is sent. The code sent to …0100 is ${MOCK_PHONE_CODE}.`);
  });

  it('signs an account without a second step straight in', async () => {
    const view = renderApp('/login');
    await passwordStep(view, buyer.email, buyer.password);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

describe('Sign-in security', () => {
  const newAdmin: User & { password: string } = {
    _id: 'u-new-admin',
    name: 'New Admin',
    email: 'new.admin@recell.test',
    role: 'admin',
    verified: false,
    password: 'new-admin-pw',
  };
  const withNewAdmin = {
    seed: (store: Parameters<NonNullable<Parameters<typeof renderApp>[1]>['seed'] & object>[0]) => {
      const { password, ...user } = newAdmin;
      store.users.push(user);
      store.passwords.set(user.email, password);
    },
  };

  /** Signed in as the new admin, whose sign-in had no second step (as the token exchange tells the app). */
  const asBareAdmin: RenderAppOptions = {
    ...withNewAdmin,
    before: ({ store }) =>
      store.set(sessionAtom, {
        ...sessionFor(newAdmin),
        accessToken: mockAccessToken(newAdmin, false),
        secondStep: false,
      }),
  };

  it('sends an admin without a second step there from any admin screen; turned on, back to the screen', async () => {
    const view = renderApp('/login?from=/dashboard/report', withNewAdmin);
    await passwordStep(view, newAdmin.email, newAdmin.password);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in security' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/account/security?from=%2Fdashboard%2Freport');
    await findAlert(/Admins must sign in with a second step/);

    await view.user.type(screen.getByLabelText('Phone number'), '12345');
    await view.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(
      await screen.findByText('Type the number with its country code, like +8801712345678'),
    ).toBeInTheDocument();
    await view.user.clear(screen.getByLabelText('Phone number'));
    await view.user.type(screen.getByLabelText('Phone number'), '+8801712345678');
    await view.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await typeCode(view, '999999', 'Turn on the second step');
    await findAlert('That code is not right. Check the text message and type the six digits again.');
    await typeCode(view, MOCK_PHONE_CODE, 'Turn on the second step');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });

  it.each([
    ['a category', '/category/03'],
    ['a search', '/search?q=iphone'],
    ['their dashboard', '/dashboard'],
    ['their notifications', '/dashboard/notifications'],
    ['a listing (public, but their token would be refused)', '/mobile/m-apple-iphone-13'],
    ['an admin screen', '/dashboard/users'],
  ])('sends such an admin there from %s too (every call of theirs is refused)', async (_name, path) => {
    const view = renderApp(path, asBareAdmin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in security' })).toBeInTheDocument();
    expect(view.currentPath()).toBe(`/account/security?from=${encodeURIComponent(path)}`);
    await findAlert(/Admins must sign in with a second step/);
  });

  it('turned on from a signed-in page, back to that page', async () => {
    const view = renderApp('/login?from=/category/02', withNewAdmin);
    await passwordStep(view, newAdmin.email, newAdmin.password);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in security' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/account/security?from=%2Fcategory%2F02');
    await view.user.type(screen.getByLabelText('Phone number'), '+8801712345678');
    await view.user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await typeCode(view, MOCK_PHONE_CODE, 'Turn on the second step');
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung phones' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/category/02');
  });

  it('leaves such an admin the public pages, which read no token, and Sign-in security itself', async () => {
    const view = renderApp('/about', asBareAdmin);
    expect(await screen.findByRole('heading', { level: 1, name: 'About ReCell' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/about');
    view.unmount();
    const security = renderApp('/account/security', asBareAdmin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in security' })).toBeInTheDocument();
    await findAlert(/Admins must sign in with a second step/);
    expect(security.currentPath()).toBe('/account/security');
  });

  it('the mocks refuse such an admin like the server (403 second_factor_required)', async () => {
    const view = renderApp('/login', withNewAdmin);
    await passwordStep(view, newAdmin.email, newAdmin.password);
    await screen.findByRole('button', { name: 'Sign out' });
    const session = view.store.get(sessionAtom);
    expect(session?.secondStep).toBe(false);
    // an admin operation, and one open to every signed-in role
    for (const path of ['/users', '/mobiles/03']) {
      const answer = await fetch(`http://recell.test/api${path}`, {
        headers: { authorization: `Bearer ${session?.accessToken}` },
      });
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({
        path,
        status: 403,
        body: { message: SECOND_FACTOR_REQUIRED, code: 'second_factor_required' },
      });
    }
  });
});
