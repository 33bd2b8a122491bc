import { demoAccounts, demoSellerPhones } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { findAnnounced, hang, loadedScreen, mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Add Product',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/addProduct', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(
      await page().findByText(`Buyers see it listed by ${demoAccounts.seller.name}, your account's name.`),
    ).toBeVisible();
    // no number to type: the account's verified one, read only, and where it changes
    const number = demoSellerPhones[demoAccounts.seller._id]!;
    const line = (await page().findByText(number)).closest('p')!;
    await expect(line).toHaveTextContent(
      `Buyers whose card is held for this phone see your verified number, ${number}. Change it in Sign-in security.`,
    );
    await expect(within(line).getByRole('link', { name: 'Sign-in security' })).toBeVisible();
    await expect(page().queryByLabelText('Phone number')).toBeNull();
  },
};

/** A seller who has not verified a number yet is told so where the number would be, before filling the form. */
export const NoVerifiedPhone: Story = {
  parameters: { screen: { seed: (store) => void store.phones.delete(demoAccounts.seller._id) } },
  play: async () => {
    const line = await page().findByText(/and you have not verified one yet: a listing needs it/);
    await expect(within(line).getByRole('link', { name: 'Sign-in security' })).toHaveAttribute(
      'href',
      '/account/security',
    );
  },
};

export const OnMobile: Story = { ...Default, globals: mobile };

export const MissingFields: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Add Product' }));
    await expect(page().getByLabelText('Name')).toHaveAccessibleDescription('Name is Required');
    await expect(page().getByLabelText('Location')).toHaveAccessibleDescription('Location is Required');
  },
};

// a 1x1 PNG, so the preview shows a real picture
const png = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);
const title = 'Samsung Galaxy S23';

/** Fills every field (Brand, Condition, Storage and Stock keep their defaults) and picks a picture. */
async function fillAndSubmit() {
  await userEvent.type(await page().findByLabelText('Name'), title);
  // the picker's file input sits hidden behind its "Choose a picture" button
  const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(picker, new File([png], 's23.png', { type: 'image/png' }));
  await expect(await page().findByRole('img', { name: 'Preview of s23.png' })).toBeVisible();
  const fields: [string, string][] = [
    ['Resale price', '450'],
    ['Buying price', '899'],
    ['Year of purchase', '2023'],
    ['Years of use', '1'],
    ['Location', 'Dhaka, Banani'],
    ['Colour (optional)', 'Cream'],
    ['Battery health, % (optional)', '96'],
    ['Details', 'Always in a case'],
  ];
  for (const [label, value] of fields) await userEvent.type(page().getByLabelText(label), value);
  await userEvent.click(page().getByRole('button', { name: 'Add Product' }));
}

/** The picture host has not answered yet: the upload's progress bar shows and the form waits. */
export const Uploading: Story = {
  parameters: { screen: { handlers: [hang('/images')] } },
  play: async () => {
    await fillAndSubmit();
    const bar = await page().findByRole('progressbar', { name: 'Uploading picture' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveTextContent(/Uploading…/);
    await expect(page().getByRole('button', { name: /Choose another picture/ })).toBeDisabled();
  },
};

/** The picture host refuses the picture: its message is an alert, the bar goes and nothing is added. */
export const UploadRefused: Story = {
  parameters: {
    screen: {
      handlers: [
        http.post('*/api/images', () =>
          HttpResponse.json({ message: 'Upload a JPEG, PNG or WebP picture' }, { status: 415 }),
        ),
      ],
    },
  },
  play: async (context) => {
    const { mockStore, location } = loadedScreen(context);
    await fillAndSubmit();
    await findAnnounced('Upload a JPEG, PNG or WebP picture', 'alert');
    await expect(page().queryByRole('progressbar')).toBeNull();
    await expect(location.history.at(-1)).toBe('/dashboard/addProduct');
    await expect(mockStore.mobiles.some((phone) => phone.title === title)).toBe(false);
  },
};

/** The picture is stored and the phone listed: 'Mobile added', then My Product with the new row marked. */
export const Added: Story = {
  play: async (context) => {
    const { mockStore, location } = loadedScreen(context);
    await fillAndSubmit();
    await findAnnounced('Mobile added');
    const added = mockStore.mobiles.find((phone) => phone.title === title);
    await waitFor(() => expect(location.history.at(-1)).toBe(`/dashboard/myProduct?added=${added?._id}`));
    await expect(added?.picture).toMatch(/^\/uploads\/mock-/);
    const mark = await page().findByText(`${title} (new)`);
    await waitFor(() => expect(mark).toHaveFocus());
  },
};

/** An IMEI whose last digit is not its Luhn check digit: the field says so and nothing is sent. */
export const ImeiError: Story = {
  play: async (context) => {
    const { mockStore } = loadedScreen(context);
    const before = mockStore.mobiles.length;
    await userEvent.type(await page().findByLabelText('IMEI (optional)'), '356938035643808');
    await userEvent.click(page().getByRole('button', { name: 'Add Product' }));
    await expect(page().getByLabelText('IMEI (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('This IMEI is not valid'),
    );
    await expect(mockStore.mobiles).toHaveLength(before);
  },
};

/** A file that is not a picture is refused by the form itself, before anything is uploaded. */
export const NotAPicture: Story = {
  play: async () => {
    await page().findByLabelText('Name');
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    // a file chosen anyway ("All files" in the picker): userEvent.upload would drop it for the accept attribute
    fireEvent.change(picker, {
      target: { files: [new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' })] },
    });
    await findAnnounced('Choose a JPEG, PNG or WebP picture', 'alert');
  },
};

/** Seller pages are for sellers: a buyer is sent to log in. */
export const Buyer: Story = {
  parameters: { screen: { persona: 'buyer' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Login' })).toBeVisible();
  },
};
