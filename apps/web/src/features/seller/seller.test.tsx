import { bookings, demoAccounts, mobiles } from '@recell/api/fixtures';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const { buyer, seller } = demoAccounts;
const own = mobiles.filter((mobile) => mobile.email === seller.email);
const notAdvertised = own.find((mobile) => !mobile.advertised && mobile.stock > 0)!;
const soldOwn = own.find((mobile) => mobile.stock === 0);

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
    ).toEqual(['Add Product', 'My Product', 'My Buyers']);
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
    // prefilled ones are not in error
    expect(screen.getByLabelText('Seller name')).toHaveValue(seller.name);
    expect(screen.getByLabelText('Seller name')).not.toHaveAttribute('aria-invalid');
  });

  it('checks numbers against the limits', async () => {
    const { user } = renderApp('/dashboard/addProduct', { as: seller });
    await user.type(await screen.findByLabelText('Year of purchase'), '1999');
    await user.type(screen.getByLabelText('Resale price'), 'cheap');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
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
    await user.type(screen.getByLabelText('Year of purchase'), '2023');
    await user.type(screen.getByLabelText('Years of use'), '1');
    await user.type(screen.getByLabelText('Phone number'), '+880 1711 000000');
    await user.type(screen.getByLabelText('Location'), 'Dhaka, Banani');
    await user.type(screen.getByLabelText('Booking ID'), 'S23-01');
    await user.type(screen.getByLabelText('Details'), '256 GB, cream');
  }

  it("uploads the picture, adds the phone ('Mobile added') and goes home", async () => {
    const seen: Request[] = [];
    const { user, mockStore, currentPath } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [imageHost(uploaded, seen)],
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await findStatus('Mobile added');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(seen[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    const added = mockStore.mobiles.find((mobile) => mobile.title === 'Samsung Galaxy S23');
    expect(added).toMatchObject({
      category_id: '02',
      condition: 'Excellent',
      resale_price: 450,
      stock: 1,
      picture: '/uploads/mock/s23.png',
      email: seller.email,
    });
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
