import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { formatMoney } from '../../format/money';
import { Button } from '../Button/Button';
import { Form, FormActions } from '../Form/Form';
import { TextField } from '../TextField/TextField';
import { Dialog, DialogTrigger, Modal } from './Dialog';

const phone = mobiles[0]!;
const buyer = demoAccounts.buyer;

/** The spec's Book modal: read-only facts, then phone and meeting place. */
function BookingDialog({ defaultOpen = false, onSubmit }: { defaultOpen?: boolean; onSubmit: () => void }) {
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button>Book</Button>
      <Modal isDismissable>
        <Dialog title={`Book ${phone.title}`}>
          {({ close }) => (
            <Form
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit();
                close();
              }}
            >
              <TextField label="Name" value={buyer.name} isReadOnly />
              <TextField label="Email" value={buyer.email} isReadOnly />
              <TextField label="Price" value={formatMoney({ dollars: phone.resale_price })} isReadOnly />
              <TextField label="Phone" name="phone" type="tel" />
              <TextField label="Meeting location" name="location" />
              <FormActions>
                <Button type="submit">Submit</Button>
                <Button variant="secondary" onPress={close}>
                  Cancel
                </Button>
              </FormActions>
            </Form>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

const meta = {
  title: 'Overlays/Dialog',
  component: BookingDialog,
  args: { onSubmit: fn() },
} satisfies Meta<typeof BookingDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard: opens with Enter, traps Tab inside, closes on Escape, gives focus back to Book. */
export const KeyboardFocusTrap: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Book' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Book ${phone.title}` });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    // more Tabs than the dialog has stops: focus must never leave it, forwards or backwards
    for (let i = 0; i < 12; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 12; i += 1) {
      await userEvent.tab({ shift: true });
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const CloseButtonAndSubmit: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Book' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Meeting location' }), 'Mirpur 10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Open from the start, for reviewing (and for the screenshot test). */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(screen.getByRole('textbox', { name: 'Price' })).toHaveValue(`$${phone.resale_price}`);
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
