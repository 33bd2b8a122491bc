import { bookings, demoAccounts, demoSellerPhones, mobiles } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const { buyer, seller } = demoAccounts;
const own = mobiles.filter((mobile) => mobile.email === seller.email);
const notAdvertised = own.find((mobile) => !mobile.advertised && mobile.stock > 0)!;
const soldOwn = own.find((mobile) => mobile.stock === 0);
const sellerPhone = demoSellerPhones[seller._id]!;

/** Where the forms' "Phone number" field was: the verified number, read only, and where it changes. */
async function findVerifiedNumberLine(scope: HTMLElement) {
  const line = (await within(scope).findByText(sellerPhone)).closest('p')!;
  expect(line).toHaveTextContent(
    `Buyers whose card is held for this phone see your verified number, ${sellerPhone}. Change it in Sign-in security.`,
  );
  expect(within(line).getByRole('link', { name: 'Sign-in security' })).toHaveAttribute(
    'href',
    '/account/security',
  );
  expect(within(scope).queryByLabelText('Phone number')).toBeNull();
}

describe('My Product (sellers)', () => {
  it('lists the seller’s own phones with stock and availability', async () => {
    renderApp('/dashboard/myProduct', { as: seller });
    for (const mobile of own)
      expect(await screen.findByRole('cell', { name: mobile.title })).toBeInTheDocument();
    const others = mobiles.filter((mobile) => mobile.email !== seller.email);
    for (const mobile of others)
      expect(screen.queryByRole('cell', { name: mobile.title })).not.toBeInTheDocument();
    if (soldOwn) {
      const row = screen.getByRole('cell', { name: soldOwn.title }).closest('tr')!;
      expect(within(row).getByText('Sold')).toBeInTheDocument();
    }
    const row = screen.getByRole('cell', { name: notAdvertised.title }).closest('tr')!;
    expect(within(row).getByText('Available')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: String(notAdvertised.stock) })).toBeInTheDocument();
  });

  it("advertises a phone: 'Advertised' and the spec's notice", async () => {
    const { user, mockStore } = renderApp('/dashboard/myProduct', { as: seller });
    await user.click(await screen.findByRole('button', { name: `Advertise ${notAdvertised.title}` }));
    await findStatus('Mobile has been published to the advertise section');
    const row = screen.getByRole('cell', { name: notAdvertised.title }).closest('tr')!;
    expect(within(row).getByText('Advertised')).toBeInTheDocument();
    expect(mockStore.mobiles.find((mobile) => mobile._id === notAdvertised._id)?.advertised).toBe(true);
  });

  it('shows the side menu of a seller', async () => {
    renderApp('/dashboard/myProduct', { as: seller });
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Add Product',
      'My Product',
      'My Buyers',
      'Payouts',
      'Messages',
      'Notifications',
      'Sign-in security',
    ]);
  });

  it('opens a seller’s dashboard on My Product, not My Orders', async () => {
    const { currentPath } = renderApp('/dashboard', { as: seller });
    expect(await screen.findByRole('heading', { name: 'My Product' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/myProduct');
  });

  it('sends a buyer to /login', async () => {
    const { currentPath } = renderApp('/dashboard/myProduct', { as: buyer });
    await screen.findByRole('heading', { name: 'Login' });
    expect(currentPath()).toBe('/login?from=%2Fdashboard%2FmyProduct');
  });
});

describe('My Product: a seller manages a listing', () => {
  const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr')!;

  it('edits a listing: the form is prefilled, checked, and only the changes are saved', async () => {
    const patches: unknown[] = [];
    const { user, mockStore } = renderApp('/dashboard/myProduct', {
      as: seller,
      handlers: [
        http.patch('*/api/mobile/:id', async ({ request }) => {
          patches.push(await request.clone().json());
          return undefined;
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${notAdvertised.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${notAdvertised.title}` });
    const price = within(dialog).getByLabelText('Resale price');
    expect(price).toHaveValue(String(notAdvertised.resale_price));
    await findVerifiedNumberLine(dialog);
    expect(within(dialog).getByLabelText('Name')).toHaveValue(notAdvertised.title);
    expect(within(dialog).getByLabelText('Details')).toHaveValue(notAdvertised.details);

    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(price).toHaveAccessibleDescription('Resale price must be between 1 and 100000');
    expect(patches).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '275');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await findStatus('Changes saved');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowOf(notAdvertised.title)).getByText('$275')).toBeInTheDocument());
    expect(patches).toEqual([{ resale_price: 275 }]);
    expect(mockStore.mobiles.find((mobile) => mobile._id === notAdvertised._id)?.resale_price).toBe(275);
    // focus goes back to the row's Edit button
    expect(screen.getByRole('button', { name: `Edit ${notAdvertised.title}` })).toHaveFocus();
  });

  it('tells a seller without a verified phone to verify it first, with a link, and saves nothing', async () => {
    const patches: unknown[] = [];
    const { user, mockStore } = renderApp('/dashboard/myProduct', {
      as: seller,
      seed: (store) => void store.phones.delete(seller._id),
      handlers: [
        http.patch('*/api/mobile/:id', () => {
          patches.push('sent');
          return undefined;
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${notAdvertised.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${notAdvertised.title}` });
    expect(
      await within(dialog).findByText(/and you have not verified one yet: a listing needs it/),
    ).toHaveTextContent('Verify yours in Sign-in security.');
    const price = within(dialog).getByLabelText('Resale price');
    await user.clear(price);
    await user.type(price, '276');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await findAlert(/^Verify your phone number first: listings show only a verified number/);
    expect(within(dialog).getByRole('link', { name: 'Verify your phone' })).toHaveAttribute(
      'href',
      '/account/security',
    );
    expect(mockStore.mobiles.find((mobile) => mobile._id === notAdvertised._id)?.resale_price).toBe(
      notAdvertised.resale_price,
    );
    expect(patches).toHaveLength(0);
  });

  it('replaces the picture through the upload, then saves its new address', async () => {
    const { user, mockStore } = renderApp('/dashboard/myProduct', {
      as: seller,
      handlers: [
        http.post('*/api/images', () =>
          HttpResponse.json(
            {
              success: true,
              data: {
                url: '/uploads/mock/new.png',
                thumbnailUrl: '/uploads/mock/new.png',
                width: 1,
                height: 1,
              },
            },
            { status: 201 },
          ),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${notAdvertised.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${notAdvertised.title}` });
    expect(within(dialog).getByRole('img', { name: 'Current picture' })).toHaveAttribute(
      'src',
      notAdvertised.picture,
    );
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' })] },
    });
    expect(await within(dialog).findByText(/new\.png/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await findStatus('Changes saved');
    expect(mockStore.mobiles.find((mobile) => mobile._id === notAdvertised._id)?.picture).toBe(
      '/uploads/mock/new.png',
    );
  });

  it('marks a listing sold, then restocks it, keeping focus on the button', async () => {
    const { user, mockStore } = renderApp('/dashboard/myProduct', { as: seller });
    const stored = () => mockStore.mobiles.find((mobile) => mobile._id === notAdvertised._id)!;
    await user.click(await screen.findByRole('button', { name: `Mark sold ${notAdvertised.title}` }));
    await findStatus(`${notAdvertised.title} is marked sold`);
    const restock = await screen.findByRole('button', { name: `Restock ${notAdvertised.title}` });
    expect(restock).toHaveFocus();
    expect(within(rowOf(notAdvertised.title)).getByText('Sold')).toBeInTheDocument();
    expect(within(rowOf(notAdvertised.title)).getByRole('button', { name: /^Advertise/ })).toBeDisabled();
    expect(stored().stock).toBe(0);

    await user.click(restock);
    await findStatus(`${notAdvertised.title} is back in stock`);
    expect(await screen.findByRole('button', { name: `Mark sold ${notAdvertised.title}` })).toHaveFocus();
    expect(within(rowOf(notAdvertised.title)).getByText('Available')).toBeInTheDocument();
    expect(stored().stock).toBe(1);
  });

  it('deletes a listing only after confirming, and says unpaid bookings are cancelled', async () => {
    const booked = own.find((mobile) =>
      bookings.some((booking) => booking.mobileId === mobile._id && !booking.paid && !booking.cancelled),
    )!;
    const { user, mockStore } = renderApp('/dashboard/myProduct', { as: seller });
    const before = mockStore.mobiles.length;

    await user.click(await screen.findByRole('button', { name: `Delete ${booked.title}` }));
    let dialog = await screen.findByRole('dialog', { name: `Delete ${booked.title}?` });
    expect(dialog).toHaveTextContent('open bookings that are not paid are cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockStore.mobiles).toHaveLength(before);
    expect(screen.getByRole('cell', { name: booked.title })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Delete ${booked.title}` }));
    dialog = await screen.findByRole('dialog', { name: `Delete ${booked.title}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findStatus(`${booked.title} was deleted`);
    await waitFor(() => expect(screen.queryByRole('cell', { name: booked.title })).not.toBeInTheDocument());
    expect(mockStore.mobiles).toHaveLength(before - 1);
    const unpaid = mockStore.bookings.filter((booking) => booking.mobileId === booked._id && !booking.paid);
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.map((booking) => booking.cancelledBy)).toEqual(unpaid.map(() => 'listing'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Product' })).toHaveFocus());
  });

  it("shows the server's refusal to delete a phone with a paid booking, and keeps it", async () => {
    const paid = own.find((mobile) =>
      bookings.some((booking) => booking.mobileId === mobile._id && booking.paid),
    );
    if (!paid) throw new Error('the fixtures need a paid booking of the demo seller');
    const { user, mockStore } = renderApp('/dashboard/myProduct', { as: seller });
    await user.click(await screen.findByRole('button', { name: `Delete ${paid.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${paid.title}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findAlert('A phone with a paid booking cannot be deleted');
    expect(mockStore.mobiles.some((mobile) => mobile._id === paid._id)).toBe(true);
  });
});

describe('My Product and My Buyers in pages', () => {
  const manyPhones = (count: number) => (store: MockStore) => {
    const template = own[0]!;
    store.mobiles = Array.from({ length: count }, (_, i) => ({
      ...template,
      _id: `m-page-${i + 1}`,
      title: `Listed phone ${i + 1}`,
      // newest first: phone 1 is the newest
      the_time_it_posted: new Date(Date.UTC(2030, 0, 1) - i * 60_000).toISOString(),
    }));
  };

  it('shows 20 of the seller’s phones a page and moves on by the pager', async () => {
    const { user, currentPath } = renderApp('/dashboard/myProduct', { as: seller, seed: manyPhones(23) });
    expect(await screen.findByRole('cell', { name: 'Listed phone 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: /^Listed phone/ })).toHaveLength(20);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next page' }),
    );
    expect(await screen.findByRole('cell', { name: 'Listed phone 23' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: /^Listed phone/ })).toHaveLength(3);
    expect(currentPath()).toBe('/dashboard/myProduct?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'My Product' })).toHaveFocus();
  });

  it('pages My Buyers', async () => {
    const template = bookings.find((booking) => own.some((mobile) => mobile._id === booking.mobileId))!;
    renderApp('/dashboard/myBuyers?page=2', {
      as: seller,
      seed: (store) => {
        store.bookings = Array.from({ length: 21 }, (_, i) => ({
          ...template,
          _id: `b-page-${i + 1}`,
          MobileName: `Booked phone ${i + 1}`,
          bookingTime: new Date(Date.UTC(2030, 0, 1) - i * 60_000).toISOString(),
        }));
      },
    });
    expect(await screen.findByRole('cell', { name: 'Booked phone 21' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: /^Booked phone/ })).toHaveLength(1);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('My Buyers (sellers)', () => {
  it('lists who booked the seller’s phones', async () => {
    renderApp('/dashboard/myBuyers', { as: seller });
    const booking = bookings.find((candidate) => own.some((mobile) => mobile._id === candidate.mobileId))!;
    const row = (await screen.findByRole('cell', { name: booking.MobileName })).closest('tr')!;
    expect(within(row).getByText(booking.buyer)).toBeInTheDocument();
    expect(within(row).getByText(booking.paid ? 'Paid' : 'Not paid')).toBeInTheDocument();
  });
});

describe('Add Product (sellers)', () => {
  it('shows each missing field’s error under that field', async () => {
    const { user } = renderApp('/dashboard/addProduct', { as: seller });
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is Required');
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription('Location is Required');
    expect(screen.getByRole('button', { name: /Choose a picture/ })).toHaveAccessibleDescription(
      expect.stringContaining('Picture is Required'),
    );
    expect(screen.getByLabelText('Resale price')).toHaveAccessibleDescription('Resale price is Required');
    // the account's name is not asked again, and the optional specs are not in error
    expect(screen.getByText(`Buyers see it listed by ${seller.name}, your account's name.`)).toBeVisible();
    expect(screen.queryByLabelText('Seller name')).toBeNull();
    expect(screen.queryByLabelText('Booking ID')).toBeNull();
    expect(screen.getByLabelText('Colour (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Battery health, % (optional)')).not.toHaveAttribute('aria-invalid');
  });

  it('checks numbers against the limits', async () => {
    const { user } = renderApp('/dashboard/addProduct', { as: seller });
    await user.type(await screen.findByLabelText('Year of purchase'), '1999');
    await user.type(screen.getByLabelText('Resale price'), 'cheap');
    await user.type(screen.getByLabelText('Battery health, % (optional)'), '101');
    await user.type(screen.getByLabelText('Colour (optional)'), 'x'.repeat(31));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText('Battery health, % (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Battery health must be a whole number from 1 to 100'),
    );
    expect(screen.getByLabelText('Colour (optional)')).toHaveAccessibleDescription(
      'Colour must be at most 30 characters',
    );
    expect(screen.getByLabelText('Year of purchase')).toHaveAccessibleDescription(
      'Year of purchase must be between 2000 and 2100',
    );
    expect(screen.getByLabelText('Resale price')).toHaveAccessibleDescription(
      'Resale price must be a number',
    );
  });

  // jsdom's XMLHttpRequest cannot hand a multipart body to MSW across realms (its FormData is not Node's), so
  // here the picture host answers without reading the body; the real multipart upload runs in the browser e2e.
  const imageHost = (answer: () => Response, seen: Request[] = []) =>
    http.post('*/api/images', ({ request }) => {
      seen.push(request);
      return answer();
    });
  const uploaded = () =>
    HttpResponse.json(
      {
        success: true,
        data: {
          url: '/uploads/mock/s23.png',
          thumbnailUrl: '/uploads/mock/s23.png',
          width: 1600,
          height: 1200,
        },
      },
      { status: 201 },
    );

  /** Picks an option of the design system's Select (a button that opens a list box). */
  async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
    await user.click(screen.getByRole('button', { name: new RegExp(label) }));
    await user.click(await screen.findByRole('option', { name: option }));
    expect(screen.getByRole('button', { name: new RegExp(label) })).toHaveTextContent(option);
  }

  async function fillForm(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Name'), 'Samsung Galaxy S23');
    await choose(user, 'Brand', 'Samsung');
    // the design system's picker keeps its file input hidden behind the "Choose a picture" button
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(picker, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 's23.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText(/s23\.png/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Resale price'), '450');
    await user.type(screen.getByLabelText('Buying price'), '899');
    await choose(user, 'Condition', 'Excellent');
    await choose(user, 'Storage', '256 GB');
    await user.type(screen.getByLabelText('Colour (optional)'), 'Cream');
    await user.type(screen.getByLabelText('Battery health, % (optional)'), '96');
    await user.type(screen.getByLabelText('Year of purchase'), '2023');
    await user.type(screen.getByLabelText('Years of use'), '1');
    await user.type(screen.getByLabelText('Location'), 'Dhaka, Banani');
    await user.type(screen.getByLabelText('Details'), 'Always in a case');
  }

  it("uploads the picture, adds the phone ('Mobile added') and lands on My Product with its row marked", async () => {
    const seen: Request[] = [];
    const sent: unknown[] = [];
    const { user, mockStore, currentPath } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [
        imageHost(uploaded, seen),
        http.post('*/api/mobiles', async ({ request }) => {
          sent.push(await request.clone().json());
          return undefined;
        }),
      ],
    });
    // no number to type: the form shows the account's verified one, and the listing gets it
    await findVerifiedNumberLine(document.body);
    await fillForm(user);
    await user.type(screen.getByLabelText('IMEI (optional)'), '3569 3803 5643 809');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await findStatus('Mobile added');
    const added = mockStore.mobiles.find((mobile) => mobile.title === 'Samsung Galaxy S23');
    await waitFor(() => expect(currentPath()).toBe(`/dashboard/myProduct?added=${added?._id}`));
    expect(seen[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(added).toMatchObject({
      category_id: '02',
      condition: 'Excellent',
      resale_price: 450,
      stock: 1,
      picture: '/uploads/mock/s23.png',
      email: seller.email,
      imeiMasked: '***********3809',
      storageGb: 256,
      colour: 'Cream',
      batteryHealth: 96,
      // known from the account, and the listing's own id as its reference
      Seller_name: seller.name,
      number_of_seller: sellerPhone,
      bookingId: added?._id,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('number_of_seller');
    // the new row: marked in words, announced, and its name has focus
    const mark = await screen.findByText('Samsung Galaxy S23 (new)');
    await waitFor(() => expect(mark).toHaveFocus());
    expect(mark.closest('tr')).toHaveTextContent('Available');
    expect(await findStatus('Samsung Galaxy S23 is listed: its row is marked “(new)” below.')).toBeVisible();
    // the other rows are not marked
    expect(screen.getAllByText(/\(new\)$/)).toHaveLength(1);
  });

  it('tells the seller before publishing when the IMEI names another model, and publishes once corrected', async () => {
    const { user, mockStore, currentPath } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [imageHost(uploaded, [])],
    });
    const before = mockStore.mobiles.length;
    await fillForm(user);
    // a shipped TAC row: this IMEI names the Samsung Galaxy S21
    await user.type(screen.getByLabelText('IMEI (optional)'), '002021010000010');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(
      await findStatus(
        /IMEI does not match the listed model \(it names Samsung Galaxy S21\)\. IMEI clean in ReCell's registry, checked just now\. Correct the title/,
      ),
    ).toBeVisible();
    expect(mockStore.mobiles).toHaveLength(before);

    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Samsung Galaxy S21');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await findStatus('Mobile added');
    await waitFor(() => expect(currentPath()).toMatch(/^\/dashboard\/myProduct\?added=/));
    const added = mockStore.mobiles.find(
      (mobile) => mobile.title === 'Samsung Galaxy S21' && mobile.imeiMasked === '***********0010',
    );
    expect(added?.imeiCheck?.model).toEqual({ outcome: 'match', name: 'Samsung Galaxy S21' });
  });

  it('tells a seller without a verified phone so where the number would be, and uploads nothing', async () => {
    const seen: Request[] = [];
    const { user, mockStore } = renderApp('/dashboard/addProduct', {
      as: seller,
      seed: (store) => void store.phones.delete(seller._id),
      handlers: [imageHost(uploaded, seen)],
    });
    const before = mockStore.mobiles.length;
    const line = await screen.findByText(/and you have not verified one yet: a listing needs it/);
    expect(line).toHaveTextContent(
      'Buyers whose card is held for a phone see your verified number, and you have not verified one yet: a listing needs it. Verify yours in Sign-in security.',
    );
    expect(within(line).getByRole('link', { name: 'Sign-in security' })).toHaveAttribute(
      'href',
      '/account/security',
    );
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await findAlert(/^Verify your phone number first: listings show only a verified number/);
    expect(screen.getByRole('link', { name: 'Verify your phone' })).toHaveAttribute(
      'href',
      '/account/security',
    );
    expect(seen).toHaveLength(0);
    expect(mockStore.mobiles).toHaveLength(before);
  });

  it('refuses an IMEI whose check digit is wrong, and sends nothing', async () => {
    const seen: Request[] = [];
    const { user, mockStore } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [imageHost(uploaded, seen)],
    });
    const before = mockStore.mobiles.length;
    await fillForm(user);
    const imei = screen.getByLabelText('IMEI (optional)');
    await user.type(imei, '356938035643808');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(imei).toHaveAttribute('aria-invalid', 'true');
    expect(imei).toHaveAccessibleDescription(
      expect.stringContaining('This IMEI is not valid: check each digit against *#06#'),
    );
    await user.clear(imei);
    await user.type(imei, '12345');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(imei).toHaveAccessibleDescription(expect.stringContaining('IMEI must be 15 digits'));
    expect(seen).toHaveLength(0);
    expect(mockStore.mobiles).toHaveLength(before);
  });

  it('refuses a file that is not a picture before anything is sent', async () => {
    const seen: Request[] = [];
    const { user } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [imageHost(uploaded, seen)],
    });
    await screen.findByLabelText('Name');
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // the browser's picker offers pictures only...
    expect(picker.accept).toBe('image/jpeg,image/png,image/webp');
    // ...and a file chosen anyway (or dropped) is checked by its type
    fireEvent.change(picker, {
      target: { files: [new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' })] },
    });
    await findAlert('Choose a JPEG, PNG or WebP picture');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('button', { name: /Choose a picture/ })).toHaveAccessibleDescription(
      expect.stringContaining('Choose a JPEG, PNG or WebP picture'),
    );
    expect(seen).toHaveLength(0);
  });

  it("shows the picture host's refusal and adds nothing", async () => {
    const { user, mockStore, currentPath } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [
        imageHost(() =>
          HttpResponse.json({ message: 'Upload a JPEG, PNG or WebP picture' }, { status: 415 }),
        ),
      ],
    });
    const before = mockStore.mobiles.length;
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await findAlert('Upload a JPEG, PNG or WebP picture');
    expect(mockStore.mobiles).toHaveLength(before);
    expect(currentPath()).toBe('/dashboard/addProduct');
  });
});
