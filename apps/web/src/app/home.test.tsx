import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findAlert, findStatus } from '../testing/alerts';
import { renderApp } from '../testing/render-app';

const advertised = mobiles.filter((mobile) => mobile.advertised && mobile.stock > 0);

describe('home page', () => {
  it('shows the carousel, up to 5 categories, the advertisement grid and four testimonials, in order', async () => {
    const { user } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('ReCell');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    // the carousel's visible slide first (hidden slides are out of the accessibility tree)
    expect(headings.slice(0, 5).map((heading) => heading.textContent)).toEqual([
      'Used phones, fairly sold',
      'Categories',
      'Advertisement',
      'Meet Our Satisfied Clients',
      'About',
    ]);
    expect(await screen.findByRole('link', { name: 'See Products: Samsung' })).toHaveAttribute(
      'href',
      '/category/02',
    );
    for (const phone of advertised)
      expect(await screen.findByRole('heading', { name: phone.title })).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: advertised[0]!.title }).closest('li')!;
    expect(card).toHaveTextContent(`Price: $${advertised[0]!.resale_price}`);
    const testimonials = screen.getByRole('heading', { name: 'Meet Our Satisfied Clients' }).parentElement!;
    expect(within(testimonials).getAllByRole('listitem')).toHaveLength(4);

    // carousel: three slides, previous/next, Log In and Register
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('group', { name: '2 of 3' })).toHaveTextContent(
      'Meet the seller, then pay safely',
    );
    expect(screen.queryByRole('group', { name: '1 of 3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(screen.getByRole('group', { name: '3 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('gives signed-in users "Find a phone" in the hero instead of Log In and Register', async () => {
    renderApp('/', { as: demoAccounts.buyer });
    expect(await screen.findByRole('link', { name: 'Find a phone' })).toHaveAttribute('href', '/search');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows at most 5 categories', async () => {
    // more categories than the home page shows (the contract has three brands today)
    renderApp('/', {
      handlers: [
        http.get('*/api/categorymobiles', () =>
          HttpResponse.json({
            items: Array.from({ length: 7 }, (_, index) => ({
              category_id: `0${index + 1}`,
              category_name: `Brand ${index + 1}`,
            })),
            total: 7,
            page: 1,
            pageSize: 20,
          }),
        ),
      ],
    });
    const section = (await screen.findByRole('heading', { name: 'Categories' })).parentElement!;
    const links = await within(section).findAllByRole('link', { name: /See Products: Brand \d/ });
    expect(links.map((link) => link.textContent)).toHaveLength(5);
    expect(within(section).queryByText('Brand 6')).not.toBeInTheDocument();
  });

  it('hides Book and Add to Wishlist from visitors and sellers', async () => {
    renderApp('/', { as: demoAccounts.seller });
    await screen.findByRole('heading', { name: advertised[0]!.title });
    expect(screen.queryByRole('button', { name: /^Book / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Wishlist/ })).not.toBeInTheDocument();
  });

  it("lets a buyer add an advertised phone to the wishlist ('Wishlisted Confirmed')", async () => {
    const phone = advertised.find((mobile) => mobile._id !== 'm-apple-iphone-13')!;
    const { user, mockStore } = renderApp('/', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('button', { name: `Add to Wishlist: ${phone.title}` }));
    await findStatus('Wishlisted Confirmed');
    expect(mockStore.wishlist.some((item) => item.wishlistedID === phone._id)).toBe(true);
  });

  it("shows the server's message when the phone is already in the cart", async () => {
    const { user } = renderApp('/', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('button', { name: 'Add to Wishlist: Apple iPhone 13' }));
    await findAlert(/already/i);
  });

  it("books an advertised phone from the modal ('Booking Confirmed'), then goes on to pay", async () => {
    const phone = advertised[0]!;
    const { user, mockStore, currentPath } = renderApp('/', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('button', { name: `Book ${phone.title}` }));
    const dialog = await screen.findByRole('dialog', { name: phone.title });
    // the facts are text, not read-only fields, and the first question has focus: no Tab to reach it
    const fact = (term: string) => within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Name')).toHaveTextContent(demoAccounts.buyer.name);
    expect(fact('Email')).toHaveTextContent(demoAccounts.buyer.email);
    expect(fact('Price')).toHaveTextContent(`$${phone.resale_price}`);
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['phone', 'location']);
    await waitFor(() => expect(within(dialog).getByLabelText('Phone')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Phone'), '+880 1700 000000');
    await user.type(within(dialog).getByLabelText('Meeting location'), 'Banani');
    await user.click(within(dialog).getByRole('button', { name: 'Book to meet the seller' }));
    await findStatus('Booking Confirmed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // booked is not protected yet: the booking's next screen holds the card
    expect(
      await screen.findByRole('heading', { level: 1, name: `Payment For ${phone.title}` }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/dashboard/payment/${mockStore.bookings.at(-1)!._id}`);
    expect(mockStore.bookings.at(-1)).toMatchObject({
      mobileId: phone._id,
      phone: '+880 1700 000000',
      location: 'Banani',
    });
  });

  it('books only with a phone number the seller can call and a meeting place', async () => {
    const phone = advertised[0]!;
    const { user, mockStore } = renderApp('/', { as: demoAccounts.buyer });
    const before = mockStore.bookings.length;
    await user.click(await screen.findByRole('button', { name: `Book ${phone.title}` }));
    const dialog = await screen.findByRole('dialog', { name: phone.title });
    await user.click(within(dialog).getByRole('button', { name: 'Book to meet the seller' }));
    expect(await within(dialog).findByText('Phone is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Meeting location is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Phone'), 'call me');
    await user.type(within(dialog).getByLabelText('Meeting location'), 'Banani');
    await user.click(within(dialog).getByRole('button', { name: 'Book to meet the seller' }));
    expect(
      await within(dialog).findByText('Enter a phone number, e.g. +880 1711 000000'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Meeting location is required')).not.toBeInTheDocument();
    expect(mockStore.bookings).toHaveLength(before);
  });

  it('closes the booking modal with the X', async () => {
    const { user } = renderApp('/', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('button', { name: `Book ${advertised[0]!.title}` }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
