import type { Decorator, Preview } from '@storybook/react-vite';
import { themeClasses, type ThemeName } from '@recell/ui/theme';

// The theme class goes on <html> so that portals (dialogs, toasts, popovers) are themed too.
const withTheme: Decorator = (Story, context) => {
  const theme: ThemeName = context.globals.theme === 'dark' ? 'dark' : 'light';
  const root = document.documentElement;
  root.classList.remove(...Object.values(themeClasses));
  root.classList.add(themeClasses[theme]);
  return <Story />;
};

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // an axe violation fails the story's test
    a11y: { test: 'error' },
  },
};

export default preview;
