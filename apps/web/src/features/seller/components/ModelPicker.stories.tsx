import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, hang, page, screenMeta } from '../../../testing/story-helpers';

// Add Product's model picker: brand -> model -> storage from the served catalogue (the mocks answer
// GET /phone-models from the same generated rows as the server), the name filled in, and what the chosen condition
// promises beside it. The whole form's stories are in page-stories/dashboard-add-product.stories.tsx.
const meta = {
  title: 'Screens/Dashboard/Add Product model picker',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/addProduct', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

async function choose(label: RegExp, option: string) {
  await userEvent.click(await page().findByRole('button', { name: label }));
  await userEvent.click(await page().findByRole('option', { name: option }));
  await waitFor(() => expect(page().getByRole('button', { name: label })).toHaveTextContent(option));
}

/** An iPhone picked: its name filled in, and only the sizes it was sold with. */
export const PickedModel: Story = {
  play: async () => {
    await choose(/Brand/, 'Apple');
    await choose(/Model/, 'iPhone 14 Pro');
    await expect(page().getByLabelText('Name')).toHaveValue('Apple iPhone 14 Pro');
    await userEvent.click(page().getByRole('button', { name: /Storage/ }));
    const sizes = within(await page().findByRole('listbox'));
    await expect(sizes.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Not stated',
      '128 GB',
      '256 GB',
      '512 GB',
      '1 TB',
    ]);
    await userEvent.click(sizes.getByRole('option', { name: '1 TB' }));
    await expect(
      page().getByText('Apple iPhone 14 Pro was sold with 128 GB, 256 GB, 512 GB, 1 TB.'),
    ).toBeVisible();
  },
};

export const PickedModelAt375: Story = at375(PickedModel);

/** The chosen condition's promise, beside the choice. */
export const ConditionPromise: Story = {
  play: async () => {
    await choose(/Condition/, 'Excellent');
    await expect(
      await page().findByText(/can be seen from 20 cm\. Battery health at least 85 %\./),
    ).toBeVisible();
  },
};

/** While the catalogue loads, the picker says so, and the name can still be typed. */
export const ModelsLoading: Story = {
  parameters: { screen: { handlers: [hang('/phone-models')] } },
  play: async () => {
    await expect(await page().findByText('Loading the models…')).toBeVisible();
    await expect(page().getByLabelText('Name')).toBeEnabled();
  },
};
