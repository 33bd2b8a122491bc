import { screen } from '@testing-library/react';
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
