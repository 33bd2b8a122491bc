import type { Decorator } from '@storybook/react-vite';

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
