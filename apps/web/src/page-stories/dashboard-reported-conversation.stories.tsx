import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { markupAfterReport, messageReport, seedMessageReport } from '../testing/moderation';
import { at375, errorState, loadedScreen, loadingState, page, screenMeta } from '../testing/story-helpers';

// Issue 23: an admin reads a thread only through a report that names one of its messages; read-only, text only,
// each reading audited.
const path = `/dashboard/report/${messageReport._id}/conversation`;

const meta = {
  title: 'Screens/Dashboard/Reported conversation',
  tags: ['!autodocs'],
  ...screenMeta({ route: path, persona: 'admin', seed: seedMessageReport }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const thread = async () =>
  within(await page().findByRole('list', { name: 'Messages between Ayesha Khan and Tanvir Hasan' }));

/** The messages around the reported one, oldest first, the reported one marked; the reading is audited. */
export const Loaded: Story = {
  play: async (context) => {
    const { mockStore } = loadedScreen(context);
    const messages = await thread();
    const items = messages.getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('does the 13T come with its charger?'),
      expect.stringContaining('Reported message'),
      expect.stringContaining('Last chance'),
    ]);
    // the moderator sees what the banner found: it is their signal
    await expect(within(items[1]!).getByRole('note', { name: 'Safety warning' })).toBeVisible();
    await expect(
      page().getByText(`Reported by ${messageReport.reporterEmail}: ${messageReport.Report}`),
    ).toBeVisible();
    await expect(mockStore.audit.at(-1)).toMatchObject({
      action: 'conversation.read',
      target: messageReport._id,
    });
    // nothing to write with: a moderator reads
    await expect(page().queryByRole('textbox')).toBeNull();
  },
};

/** Whatever a person wrote is text: markup is not rendered, a link is not a link, a picture is not shown. */
export const TextOnly: Story = {
  play: async () => {
    const messages = await thread();
    await expect(messages.getByText(markupAfterReport)).toBeVisible();
    await expect(messages.queryByRole('link')).toBeNull();
    await expect(messages.queryByRole('img')).toBeNull();
    await expect(messages.getByText('1 picture, not shown here')).toBeVisible();
  },
};

/** From the reports list: a report about a message links to its conversation. */
export const FromReports: Story = {
  parameters: { screen: { route: '/dashboard/report' } },
  play: async (context) => {
    await userEvent.click(
      await page().findByRole('link', {
        name: `Read the reported conversation (report by ${messageReport.reporterEmail})`,
      }),
    );
    await thread();
    await waitFor(() => expect(loadedScreen(context).location.history.at(-1)).toBe(path));
  },
};

/** A report about a listing names no conversation: the server says not found, in words. */
export const NotAMessageReport: Story = {
  parameters: { screen: { route: '/dashboard/report/r-none/conversation' } },
  play: async () => {
    await expect(
      await page().findByRole('heading', { name: 'Could not load the conversation' }),
    ).toBeVisible();
  },
};

export const Loading: Story = loadingState('Loading the conversation');
export const Error: Story = errorState('Could not load the conversation');
export const LoadedAt375: Story = at375(Loaded);
