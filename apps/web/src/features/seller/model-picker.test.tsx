// Add Product's model picker and grades: brand -> model -> storage from the served catalogue, the name
// filled in, the model's key sent and kept; what the chosen condition promises, and a battery that breaks it.
import { demoAccounts } from '@recell/api/fixtures';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const { seller } = demoAccounts;
type User = ReturnType<typeof renderApp>['user'];

const uploaded = () =>
  HttpResponse.json(
    {
      success: true,
      data: { url: '/uploads/mock/i13.png', thumbnailUrl: '/uploads/mock/i13.png', width: 1, height: 1 },
    },
    { status: 201 },
  );

/** Picks an option of the design system's Select (a button that opens a list box). */
async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
  expect(screen.getByRole('button', { name: new RegExp(label) })).toHaveTextContent(option);
}

async function options(user: User, label: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(label) }));
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

/** Everything but the brand, model, storage and name. */
async function fillTheRest(user: User) {
  const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(picker, {
    target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'i13.png', { type: 'image/png' })] },
  });
  expect(await screen.findByText(/i13\.png/)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Resale price'), '520');
  await user.type(screen.getByLabelText('Buying price'), '799');
  await user.type(screen.getByLabelText('Year of purchase'), '2022');
  await user.type(screen.getByLabelText('Years of use'), '2');
  await user.type(screen.getByLabelText('Location'), 'Dhaka, Banani');
  await user.type(screen.getByLabelText('Details'), 'Always in a case');
}

describe('Add Product: the model picker', () => {
  it('fills the name from brand and model, offers only the sizes the model was sold in, and sends its key', async () => {
    const { user, mockStore } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [http.post('*/api/images', uploaded)],
    });
    await choose(user, 'Brand', 'Apple');
    // the brand's models arrive from the server's catalogue
    await waitFor(() =>
      expect(
        screen.getByText('Picking one fills in the name. Not in the list? Type the name below.'),
      ).toBeVisible(),
    );
    await choose(user, 'Model', 'iPhone 13');
    expect(screen.getByLabelText('Name')).toHaveValue('Apple iPhone 13');
    expect(await options(user, 'Storage')).toEqual(['Not stated', '128 GB', '256 GB', '512 GB']);
    expect(screen.getByText('Apple iPhone 13 was sold with 128 GB, 256 GB, 512 GB.')).toBeVisible();
    await choose(user, 'Storage', '256 GB');
    // the name stays the seller's to edit
    await user.type(screen.getByLabelText('Name'), ' (blue)');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await findStatus('Mobile added');
    expect(mockStore.mobiles.find((mobile) => mobile.title === 'Apple iPhone 13 (blue)')).toMatchObject({
      category_id: '03',
      modelKey: 'apple-iphone-13',
      storageGb: 256,
    });
  });

  it('starts the model over when the brand changes, and lists a phone the catalogue lacks by its typed name', async () => {
    const sent: Record<string, unknown>[] = [];
    const { user } = renderApp('/dashboard/addProduct', {
      as: seller,
      handlers: [
        http.post('*/api/images', uploaded),
        http.post('*/api/mobiles', async ({ request }) => {
          sent.push((await request.clone().json()) as Record<string, unknown>);
          return undefined;
        }),
      ],
    });
    await choose(user, 'Brand', 'Samsung');
    await choose(user, 'Model', 'Galaxy S21');
    expect(screen.getByLabelText('Name')).toHaveValue('Samsung Galaxy S21');
    // sizes not in the catalogue for this model: every size may be stated
    expect(await options(user, 'Storage')).toHaveLength(8);
    await choose(user, 'Brand', 'Xiaomi');
    expect(screen.getByRole('button', { name: /Model/ })).toHaveTextContent('Not in the list');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Xiaomi Mix Flip 2');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await findStatus('Mobile added');
    expect(sent[0]).toMatchObject({ category_id: '01', title: 'Xiaomi Mix Flip 2' });
    expect(sent[0]).not.toHaveProperty('modelKey');
  });
});

describe('Add Product: what a condition promises', () => {
  it('says it beside the condition, and refuses a battery below the grade before anything is sent', async () => {
    const { user } = renderApp('/dashboard/addProduct', { as: seller });
    const condition = await screen.findByRole('button', { name: /Condition/ });
    expect(screen.getByText(/cannot be seen from 50 cm.*Battery health at least 80 %\./)).toBeVisible();
    await choose(user, 'Condition', 'Excellent');
    expect(condition).toBeInTheDocument();
    expect(screen.getByText(/can be seen from 20 cm\. Battery health at least 85 %\./)).toBeVisible();
    await user.type(screen.getByLabelText('Battery health, % (optional)'), '84');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText('Battery health, % (optional)')).toHaveAccessibleDescription(
      expect.stringContaining(
        'Battery health is below 85 %, the least a phone in Excellent condition promises',
      ),
    );
  });
});
