import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Finds a message and checks it is announced at once (inside role="alert": a form's failure or an error toast). */
export async function findAlert(text: string | RegExp): Promise<HTMLElement> {
  const node = await screen.findByText(text);
  expect(node.closest('[role="alert"]')).not.toBeNull();
  return node;
}

/** Finds a notice and checks it is announced politely (inside role="status": a success toast). */
export async function findStatus(text: string | RegExp): Promise<HTMLElement> {
  const node = await screen.findByText(text);
  expect(node.closest('[role="status"]')).not.toBeNull();
  return node;
}

/**
 * For a success shown twice, as a toast (inside role="status") and on the page: waits for both and returns the
 * one on the page, outside the toast region.
 */
export async function findStatusAndInline(text: string | RegExp): Promise<HTMLElement> {
  let inline: HTMLElement | undefined;
  await waitFor(() => {
    const nodes = screen.getAllByText(text);
    expect(nodes.filter((node) => node.closest('[role="status"]'))).toHaveLength(1);
    inline = nodes.find((node) => !node.closest('[role="status"]'));
    expect(inline).toBeDefined();
  });
  return inline!;
}
