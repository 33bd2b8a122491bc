import type { Decorator } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';

/** Renders the story in a narrow column, for long-text stories that must wrap instead of overflowing. */
export function withWidth(width: number): Decorator {
  return function NarrowColumn(Story) {
    return (
      <div style={{ width }}>
        <Story />
      </div>
    );
  };
}

/**
 * Client-side routing, as in the app: a link's press calls `parameters.navigate` (a spy the story sets) instead
 * of leaving the page.
 */
export const withRouter: Decorator = (Story, { parameters }) => (
  <RouterProvider navigate={parameters.navigate as (path: string) => void}>
    <Story />
  </RouterProvider>
);
