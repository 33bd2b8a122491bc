import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { imeiChecks, imeis, withImei, withImeiCheck } from '../testing/imei-checks';
import {
  findAnnounced,
  loadedScreen,
  loadingState,
  page,
  screenMeta,
  SERVER_ERROR,
} from '../testing/story-helpers';

const s21 = mobiles.find((phone) => phone._id === 'm-samsung-s21')!;
const sold = mobiles.find((phone) => phone.stock === 0)!;
const path = `/mobile/${s21._id}`;

const meta = {
  title: 'Screens/Phone',
  tags: ['!autodocs'],
  ...screenMeta({ route: path, persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The story at an iPhone SE's width, the most common small phone; Storybook's own phone sizes are 320 and 414. */
const at375 = (story: Story): Story => ({
  ...story,
  parameters: {
    ...story.parameters,
    viewport: {
      options: {
        phone375: { name: 'Phone (375 px)', styles: { width: '375px', height: '667px' }, type: 'mobile' },
      },
    },
  },
  globals: { viewport: { value: 'phone375', isRotated: false } },
  play: async (context) => {
    await story.play?.(context);
    // at that width, and nothing wider than the screen (no sideways scrolling)
    await expect(document.documentElement.clientWidth).toBe(375);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
});

const term = (name: string) => page().getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** In stock, and the demo buyer has no booking of it (they booked the S21 and have not paid). */
const a54 = mobiles.find((phone) => phone._id === 'm-samsung-a54')!;

/** A buyer: the picture large, price and condition first, every fact, and Book / Ask / Add To Cart / Report. */
export const Buyer: Story = {
  parameters: { screen: { route: `/mobile/${a54._id}` } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: a54.title })).toBeVisible();
    await expect(page().getByRole('img', { name: a54.title })).toBeVisible();
    await expect(page().getByText('Price:').parentElement).toHaveTextContent(`Price: $${a54.resale_price}`);
    await expect(page().getByText(a54.condition, { selector: 'strong' })).toBeVisible();
    await expect(page().getByText('Available')).toBeVisible();
    // not held: the seller's number stays private until the card is held
    await expect(term("Seller's number")).toHaveTextContent(
      'Shows here once your card is held for this phone',
    );
    await expect(page().getByRole('button', { name: `Book ${a54.title}` })).toBeEnabled();
    // enabled once it is known there is no conversation of it yet
    await waitFor(() => expect(page().getByRole('button', { name: 'Ask the seller' })).toBeEnabled());
    await expect(page().getByRole('button', { name: `Add To Cart: ${a54.title}` })).toBeEnabled();
    await expect(page().getByRole('button', { name: `Report ${a54.title}` })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe(`${a54.title} | ReCell`));
  },
};

/**
 * At 375 the compact bar (the price and Book) sticks to the screen's foot: Book is in the first screen, and the bar
 * covers neither the page's price nor the safe-deal line under it.
 */
export const BuyerAt375: Story = at375({
  ...Buyer,
  play: async (context) => {
    await Buyer.play?.(context);
    const book = page().getByRole('button', { name: `Book ${a54.title}` });
    await expect(book.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    const bar = book.parentElement!;
    await expect(bar.getBoundingClientRect().height).toBeLessThanOrEqual(64);
    const price = page().getByText('Price:').parentElement!;
    await expect(price.getBoundingClientRect().bottom).toBeLessThanOrEqual(bar.getBoundingClientRect().top);
    await expect(page().getByRole('link', { name: 'How a safe deal works' })).toHaveAttribute(
      'href',
      '/safe-deal',
    );
  },
});

/** The buyer booked this phone and has not paid: said instead of "Available", with the one button that finishes it. */
export const BuyerBookedNotPaid: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: s21.title })).toBeVisible();
    await expect(await page().findByText('Booked by you, not paid')).toBeVisible();
    await expect(page().queryByText('Available')).toBeNull();
    await expect(page().queryByRole('button', { name: `Book ${s21.title}` })).toBeNull();
    await expect(
      page().getByRole('link', { name: `Pay to hold $${s21.resale_price} for ${s21.title}` }),
    ).toHaveAttribute('href', '/dashboard/payment/b-demo-unpaid');
    await expect(term('IMEI')).toHaveTextContent(s21.imeiMasked!);
    await expect(term('Seller')).toHaveTextContent(`${s21.Seller_name}Verified`);
    await expect(page().queryByText(s21.number_of_seller)).toBeNull();
  },
};

export const BuyerBookedNotPaidAt375: Story = at375({
  ...BuyerBookedNotPaid,
  play: async (context) => {
    await BuyerBookedNotPaid.play?.(context);
    const pay = page().getByRole('link', { name: /^Pay to hold / });
    await expect(pay.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  },
});

const heldPhone = mobiles.find((phone) => phone._id === 'm-apple-iphone-14-pro')!;

/** The buyer whose card is held for this phone: the seller's number, to call at the meetup. */
export const BuyerWithHeldCard: Story = {
  parameters: { screen: { route: `/mobile/${heldPhone._id}` } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: heldPhone.title })).toBeVisible();
    await expect(
      within(term("Seller's number")).getByRole('link', { name: heldPhone.number_of_seller }),
    ).toBeVisible();
    await expect(await page().findByText('Your card is held')).toBeVisible();
    await expect(
      page().getByRole('link', { name: `Your handover code for ${heldPhone.title}` }),
    ).toHaveAttribute('href', '/dashboard');
  },
};

/** What the IMEI says, in words, for a visitor: one story per outcome of the model and the device check. */
const imeiStory = (check: keyof typeof imeiChecks, model: string, device: RegExp): Story => ({
  parameters: { screen: { persona: 'visitor', seed: withImeiCheck(s21._id, imeiChecks[check]()) } },
  play: async () => {
    await page().findByRole('heading', { level: 1, name: s21.title });
    await expect(term('IMEI check')).toHaveTextContent(model);
    await expect(term('IMEI check')).toHaveTextContent(device);
  },
});

export const ImeiMatchesAndClean = imeiStory(
  'matchClean',
  'IMEI matches Samsung Galaxy S21.',
  /IMEI clean in ReCell's registry, checked 3 hours ago\./,
);
export const ImeiDoesNotMatch = imeiStory('mismatch', 'IMEI does not match the listed model.', /clean/);
export const ImeiModelUnknown = imeiStory('unknown', 'IMEI model not yet known.', /clean/);
export const ImeiBlocked = imeiStory(
  'blocked',
  'IMEI matches Samsung Galaxy S21.',
  /IMEI reported stolen or blocked in ReCell's registry/,
);
export const ImeiNotChecked = imeiStory(
  'notChecked',
  'IMEI matches Samsung Galaxy S21.',
  /IMEI not checked yet: the device-status check did not answer; it is checked again later\./,
);

/** An admin on a phone whose IMEI names a model not known yet confirms it: the TAC learns it, the page says so. */
export const AdminConfirmsModel: Story = {
  parameters: { screen: { persona: 'admin', seed: withImei(s21._id, imeis.unknownTac) } },
  play: async (context) => {
    const { mockStore } = loadedScreen(context);
    await page().findByRole('heading', { level: 1, name: s21.title });
    await expect(term('IMEI check')).toHaveTextContent('IMEI model not yet known.');
    await userEvent.click(page().getByRole('button', { name: 'Confirm the model' }));
    await findAnnounced(/Model confirmed: IMEI matches .*Galaxy S21/);
    await waitFor(() => expect(term('IMEI check')).toHaveTextContent(/IMEI matches .*Galaxy S21\./));
    await expect(page().queryByRole('button', { name: 'Confirm the model' })).toBeNull();
    await expect(mockStore.audit.at(-1)).toMatchObject({ action: 'imei.confirm-model', target: s21._id });
  },
};

/** A model the IMEI already names is not for an admin to confirm; neither does a buyer see the button. */
export const NoConfirmOnKnownModel: Story = {
  parameters: { screen: { persona: 'admin', seed: withImei(s21._id, imeis.galaxyS21) } },
  play: async () => {
    await page().findByRole('heading', { level: 1, name: s21.title });
    await expect(term('IMEI check')).toHaveTextContent('IMEI matches Samsung Galaxy S21.');
    await expect(page().queryByRole('button', { name: 'Confirm the model' })).toBeNull();
  },
};

export const BuyerSeesNoConfirm: Story = {
  parameters: { screen: { seed: withImei(s21._id, imeis.unknownTac) } },
  play: async () => {
    await page().findByRole('heading', { level: 1, name: s21.title });
    await expect(term('IMEI check')).toHaveTextContent('IMEI model not yet known.');
    await expect(page().queryByRole('button', { name: 'Confirm the model' })).toBeNull();
  },
};

/** The card's title is the link to the phone's page. */
export const FromCategoryCard: Story = {
  parameters: { screen: { route: '/category/02' } },
  play: async (context) => {
    await userEvent.click(await page().findByRole('link', { name: s21.title }));
    await expect(await page().findByRole('heading', { level: 1, name: s21.title })).toBeVisible();
    await expect(loadedScreen(context).location.history.at(-1)).toBe(path);
  },
};

/** Not signed in: the page is public, without the seller's number; the actions lead to log in and back. */
export const Visitor: Story = {
  parameters: { screen: { persona: 'visitor' } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: s21.title })).toBeVisible();
    const loginHere = `/login?from=${encodeURIComponent(path)}`;
    await expect(term("Seller's number")).toHaveTextContent(
      'Shows here once your card is held for this phone',
    );
    await expect(page().queryByText(s21.number_of_seller)).toBeNull();
    for (const name of [
      `Log in to book ${s21.title}`,
      `Log in to ask the seller about ${s21.title}`,
      `Add To Cart: ${s21.title}`,
      `Report ${s21.title}`,
    ])
      await expect(page().getByRole('link', { name })).toHaveAttribute('href', loginHere);
    await expect(page().getByRole('link', { name: 'How a safe deal works' })).toBeVisible();
  },
};

/** From a shared link on a phone: the same compact bar as a buyer's, "Log in to book", in the first screen. */
export const VisitorAt375: Story = at375({
  ...Visitor,
  play: async (context) => {
    await Visitor.play?.(context);
    const book = page().getByRole('link', { name: `Log in to book ${s21.title}` });
    await expect(book.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    const price = page().getByText('Price:').parentElement!;
    await expect(price.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      book.parentElement!.getBoundingClientRect().top,
    );
  },
});

/** No stock: 'Sold', and Book and Add To Cart are off. */
export const SoldOut: Story = {
  parameters: { screen: { route: `/mobile/${sold._id}` } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: sold.title })).toBeVisible();
    await expect(page().getByText('Sold', { selector: 'span' })).toBeVisible();
    await expect(page().getByRole('button', { name: `Book ${sold.title}` })).toBeDisabled();
    await expect(page().getByRole('button', { name: `Add To Cart: ${sold.title}` })).toBeDisabled();
  },
};

/** A listing that is gone (404): said in words, with a way on. */
export const NotFound: Story = {
  parameters: { screen: { route: '/mobile/m-sold-and-removed' } },
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Phone not found' })).toBeVisible();
    await expect(page().getByRole('link', { name: 'See other phones' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Phone not found | ReCell'));
  },
};

export const NotFoundAt375: Story = at375(NotFound);

/** Any other failure: the server's message and Try again, on this page. */
export const ServerError: Story = {
  parameters: { screen: { scenario: 'error' } },
  play: async () => {
    const heading = await page().findByRole('heading', { level: 1, name: 'Could not load the phone' });
    const alert = within(heading.closest<HTMLElement>('[role="alert"]')!);
    await expect(alert.getByText(SERVER_ERROR.message)).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const ServerErrorAt375: Story = at375(ServerError);

export const Loading = loadingState('Loading the phone');
