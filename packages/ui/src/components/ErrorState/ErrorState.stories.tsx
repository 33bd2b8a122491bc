import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button/Button';
import { ErrorState } from './ErrorState';

const onRetry = fn();

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  args: {
    title: 'Could not load the phones',
    message: 'The server did not answer. Check your connection and try again.',
    actions: <Button onPress={onRetry}>Try again</Button>,
  },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the phones');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(onRetry).toHaveBeenCalledOnce();
  },
};

/** The spec's route error page. */
export const RouteError: Story = {
  args: {
    title: 'Error 404. Please Log Out and Sign In Back',
    message: 'Error: Not Found',
    actions: <Button variant="secondary">Log Out</Button>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent('Error 404. Please Log Out and Sign In Back');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error: Not Found');
  },
};

export const DefaultTitle: Story = {
  args: { title: undefined, message: undefined, actions: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong');
  },
};
