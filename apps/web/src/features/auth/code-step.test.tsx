// "Show the demo code" while the code is still being sent: it waits for the send, so it never shows the code
// an earlier sign-in left for the same phone.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';
import { CodeStep } from './components/CodeStep';

describe('the second step in demo mode', () => {
  it('shows the code of this send, not an earlier one, when asked while it is on its way', async () => {
    let latest = '111111'; // an earlier sign-in's code for this phone
    let release!: () => void;
    const send = () =>
      new Promise<void>((resolve) => {
        release = () => {
          latest = '222222';
          resolve();
        };
      });
    const { user } = renderApp('/about', {
      handlers: [http.get('*/api/demo/sign-in-code', () => HttpResponse.json({ code: latest }))],
      beside: (
        <CodeStep sentTo="+*******0100" confirm={async () => {}} confirmLabel="Login" send={send} demo />
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Show the demo code' }));
    expect(screen.queryByText(/is 111111/)).not.toBeInTheDocument();
    release();
    await findStatus('Demo mode: no text message is sent. The code sent to …0100 is 222222.');
    expect(screen.queryByText(/is 111111/)).not.toBeInTheDocument();
  });
});
