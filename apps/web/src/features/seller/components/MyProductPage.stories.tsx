import { bookings, demoAccounts, demoSellerPhones, mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { imeis, withImei } from '../../../testing/imei-checks';
import { at375, findAnnounced, loadedScreen, page, screenMeta } from '../../../testing/story-helpers';

// My Product's row actions (Edit, Mark sold / Restock, Delete) and the row of a phone just added; the list's
// own states (loading, empty, error, Advertise) are in page-stories/dashboard-my-product.stories.tsx.
const meta = {
  title: 'Screens/Dashboard/My Product actions',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/myProduct', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const own = mobiles.filter((phone) => phone.email === demoAccounts.seller.email);
const phone = own.find((candidate) => !candidate.advertised && candidate.stock > 0)!;
const booked = own.find((candidate) =>
  bookings.some((booking) => booking.mobileId === candidate._id && !booking.paid && !booking.cancelled),
)!;

export const Actions: Story = {
  play: async () => {
    for (const action of ['Edit', 'Mark sold', 'Delete'])
      await expect(await page().findByRole('button', { name: `${action} ${phone.title}` })).toBeVisible();
  },
};

/** At 375 px the row's actions are still buttons a thumb can reach (the table scrolls, or becomes cards). */
export const ActionsAt375: Story = at375({
  play: async () => {
    const edit = await page().findByRole('button', { name: `Edit ${phone.title}` });
    edit.scrollIntoView();
    await expect(edit).toBeVisible();
  },
});

/** Edit opens a dialog with the listing's fields filled in, and the verified number it shows, read only. */
export const EditDialog: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Edit ${phone.title}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Edit ${phone.title}` }));
    await expect(dialog.getByLabelText('Resale price')).toHaveValue(String(phone.resale_price));
    const number = demoSellerPhones[demoAccounts.seller._id]!;
    await expect((await dialog.findByText(number)).closest('p')).toHaveTextContent(
      `Buyers whose card is held for this phone see your verified number, ${number}. Change it in Sign-in security.`,
    );
    // visible once the dialog's entering animation is over
    await waitFor(() => expect(dialog.getByRole('img', { name: 'Current picture' })).toBeVisible());
  },
};

/** A new price is checked, saved and shown in the row. */
export const EditSaved: Story = {
  play: async (context) => {
    const { mockStore } = loadedScreen(context);
    await userEvent.click(await page().findByRole('button', { name: `Edit ${phone.title}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Edit ${phone.title}` }));
    await userEvent.clear(dialog.getByLabelText('Resale price'));
    await userEvent.type(dialog.getByLabelText('Resale price'), '275');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await findAnnounced('Changes saved');
    await waitFor(() => expect(mockStore.mobiles.find((m) => m._id === phone._id)?.resale_price).toBe(275));
    await expect(await page().findByText('$275')).toBeVisible();
  },
};

/** A bad value in Edit: the field's own error, nothing saved. */
export const EditInvalid: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Edit ${phone.title}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Edit ${phone.title}` }));
    await userEvent.clear(dialog.getByLabelText('Name'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Name is Required');
  },
};

export const MarkedSold: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Mark sold ${phone.title}` }));
    await findAnnounced(`${phone.title} is marked sold`);
    await expect(await page().findByRole('button', { name: `Restock ${phone.title}` })).toHaveFocus();
  },
};

/** Delete asks first, and says what happens to the phone's open bookings. */
export const DeleteConfirmation: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Delete ${booked.title}` }));
    const dialog = await page().findByRole('dialog', { name: `Delete ${booked.title}?` });
    await expect(dialog).toHaveTextContent('open bookings that are not paid are cancelled');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeVisible());
  },
};

export const Deleted: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Delete ${booked.title}` }));
    const dialog = await page().findByRole('dialog', { name: `Delete ${booked.title}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findAnnounced(`${booked.title} was deleted`);
    await waitFor(() => expect(page().queryByRole('cell', { name: booked.title })).toBeNull());
  },
};

/** Back from Add Product: the new phone's row is marked "(new)", announced, and focused. */
export const JustAdded: Story = {
  parameters: { screen: { route: `/dashboard/myProduct?added=${phone._id}` } },
  play: async () => {
    const mark = await page().findByText(`${phone.title} (new)`);
    await waitFor(() => expect(mark).toHaveFocus());
    await expect(
      page().getByText(`${phone.title} is listed: its row is marked “(new)” below.`),
    ).toBeVisible();
  },
};

export const JustAddedAt375: Story = at375(JustAdded);

// Issue 26: a listing whose IMEI names another model. The Z Flip4 is listed with a Galaxy S21's IMEI.
const flip = own.find((candidate) => candidate._id === 'm-samsung-z-flip4')!;
/** The Z Flip4's IMEI with its check digit wrong, as one mistyped digit leaves it. */
const mistyped = `${imeis.galaxyZFlip4.slice(0, 14)}${(Number(imeis.galaxyZFlip4[14]) + 1) % 10}`;

/** The row says which model the IMEI names and offers Fix; the other rows say nothing. */
export const ImeiMismatch: Story = {
  parameters: { screen: { seed: withImei(flip._id, imeis.galaxyS21) } },
  play: async () => {
    await expect(
      await page().findByText(/Its IMEI names Samsung Galaxy S21, not the model this listing names\./),
    ).toBeVisible();
    await expect(page().getByRole('button', { name: `Fix ${flip.title}` })).toBeVisible();
    await expect(page().getAllByRole('button', { name: /^Fix / })).toHaveLength(1);
  },
};

/** Fix opens Edit, which says why; a corrected IMEI is checked again and the row's warning goes. */
export const ImeiMismatchFixed: Story = {
  parameters: { screen: { seed: withImei(flip._id, imeis.galaxyS21) } },
  play: async (context) => {
    const { mockStore } = loadedScreen(context);
    await userEvent.click(await page().findByRole('button', { name: `Fix ${flip.title}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Edit ${flip.title}` }));
    // visible once the dialog's entering animation is over
    await waitFor(() => expect(dialog.getByText(/Its IMEI names Samsung Galaxy S21/)).toBeVisible());
    await userEvent.type(dialog.getByLabelText('Corrected IMEI (optional)'), imeis.galaxyZFlip4);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await findAnnounced('Changes saved');
    await waitFor(() =>
      expect(mockStore.mobiles.find((m) => m._id === flip._id)?.imeiCheck?.model.outcome).toBe('match'),
    );
    await waitFor(() => expect(page().queryByRole('button', { name: `Fix ${flip.title}` })).toBeNull());
  },
};

/** A mistyped correction is caught before anything is sent. */
export const ImeiCorrectionInvalid: Story = {
  parameters: { screen: { seed: withImei(flip._id, imeis.galaxyS21) } },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Fix ${flip.title}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Edit ${flip.title}` }));
    await userEvent.type(dialog.getByLabelText('Corrected IMEI (optional)'), mistyped);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(dialog.getByLabelText('Corrected IMEI (optional)')).toHaveAccessibleDescription(
      /This IMEI is not valid/,
    );
  },
};

/** A TAC ReCell does not know yet: the seller is told an admin confirms it, with nothing to fix. */
export const ImeiModelUnknown: Story = {
  parameters: { screen: { seed: withImei(flip._id, imeis.unknownTac) } },
  play: async () => {
    await expect(
      await page().findByText(
        'IMEI model not yet known: an admin confirms it once they have seen the phone.',
      ),
    ).toBeVisible();
    await expect(page().queryByRole('button', { name: `Fix ${flip.title}` })).toBeNull();
  },
};

export const ImeiMismatchAt375: Story = at375(ImeiMismatch);
