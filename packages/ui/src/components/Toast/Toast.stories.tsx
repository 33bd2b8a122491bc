import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { ToastRegion } from './Toast';
import { ToastQueue } from './toast-queue';

function Demo({ queue }: { queue: ToastQueue }) {
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button onPress={() => queue.success('User Logged Out')}>Log out</Button>
      <Button variant="danger" onPress={() => queue.error('Payment failed', 'Your card was declined.')}>
        Pay
      </Button>
      <ToastRegion queue={queue} />
    </div>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: Demo,
  // a fresh queue per story, so stories never see each other's toasts
  args: { queue: new ToastQueue({ timeout: 400 }) },
  beforeEach:
    ({ args }) =>
    () =>
      args.queue.clear(),
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SuccessIsStatus: Story = {
  play: async ({ canvas, userEvent }) => {
    const status = canvas.getByRole('status');
    await expect(status).toBeEmptyDOMElement();
    await userEvent.click(canvas.getByRole('button', { name: 'Log out' }));
    await expect(status).toHaveTextContent('User Logged Out');
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
    // successes leave by themselves
    await waitFor(() => expect(status).toBeEmptyDOMElement(), { timeout: 2000 });
  },
};

export const ErrorIsAlert: Story = {
  args: { queue: new ToastQueue({ timeout: 400 }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pay' }));
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Payment failed');
    await expect(alert).toHaveTextContent('Your card was declined.');
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    // errors stay until dismissed, by keyboard too
    await new Promise((resolve) => setTimeout(resolve, 600));
    const dismiss = within(alert).getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    await userEvent.keyboard('{Enter}');
    await expect(alert).toBeEmptyDOMElement();
  },
};

export const LongText: Story = {
  args: { queue: new ToastQueue({ timeout: 0 }) },
  play: async ({ canvas, args }) => {
    args.queue.info(
      'Your listing for the Samsung Galaxy Z Flip4 with 256 GB storage is now advertised on the home page',
      'It stays advertised until it is sold or you remove it from My Product.',
    );
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/advertised on the home page/));
  },
};

export const OneAtATime: Story = {
  args: { queue: new ToastQueue({ timeout: 0 }) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pay' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Log out' }));
    // the newer toast replaces the error rather than stacking over the page
    await expect(canvas.getByRole('status')).toHaveTextContent('User Logged Out');
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
    await expect(canvas.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
  },
};
