import type { Meta, StoryObj } from '@storybook/react-vite';
import { Menu } from 'lucide-react';
import { DialogTrigger } from 'react-aria-components';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Link } from '../Link/Link';
import { Drawer } from './Drawer';

function DashboardMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button variant="ghost" size="icon" aria-label="Open menu">
        <Menu aria-hidden />
      </Button>
      <Drawer title="Dashboard">
        <nav aria-label="Dashboard">
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            <li>
              <Link variant="nav" href="/dashboard">
                My Orders
              </Link>
            </li>
            <li>
              <Link variant="nav" href="/dashboard/wishlist">
                Cart
              </Link>
            </li>
          </ul>
        </nav>
      </Drawer>
    </DialogTrigger>
  );
}

const meta = { title: 'Overlays/Drawer', component: DashboardMenu } satisfies Meta<typeof DashboardMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAndEscape: Story = {
  play: async ({ canvas, userEvent }) => {
    const menuButton = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'My Orders' })).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(drawer).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  },
};

export const CloseButton: Story = {
  play: async ({ canvas, userEvent }) => {
    const menuButton = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(drawer).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    await waitFor(() => expect(drawer).toBeVisible());
  },
};
