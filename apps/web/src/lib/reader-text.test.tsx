// A frame drawn by the server's clock, adopted by a browser whose clock or zone reads differently: ReaderText
// lets React adopt it without a mismatch and then shows the reader's text; plain text would fail the adoption.
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ReaderText } from './reader-text';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** Draws `tree(server)` as a server would, then adopts it with `tree(reader)`: the errors and the final text. */
async function adopt(tree: (text: string) => ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree('checked just now'));
  document.body.append(container);
  const errors: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, tree('checked 2 minutes ago'), {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  cleanup = () => {
    act(() => root?.unmount());
    container.remove();
  };
  return { errors, text: container.textContent };
}

describe('ReaderText', () => {
  it("is adopted as drawn, then shows the reader's text", async () => {
    const { errors, text } = await adopt((words) => (
      <p>
        IMEI clean, <ReaderText text={() => words} />
      </p>
    ));
    expect(errors).toEqual([]);
    expect(text).toBe('IMEI clean, checked 2 minutes ago');
  });

  it('control: the same text written plainly fails the adoption', async () => {
    const { errors } = await adopt((words) => (
      <p>
        IMEI clean, <span>{words}</span>
      </p>
    ));
    expect(errors.length).toBeGreaterThan(0);
  });
});
