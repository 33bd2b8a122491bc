import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from './contract.css';
import { themeClasses } from './themes.css';
import { darkPalette, lightPalette, type Palette } from './tokens';

const swatches: [fg: keyof Palette, bg: keyof Palette][] = [
  ['text', 'background'],
  ['textMuted', 'surface'],
  ['link', 'surfaceRaised'],
  ['onPrimary', 'primary'],
  ['onPrimarySubtle', 'primarySubtle'],
  ['onAccent', 'accent'],
  ['onSuccessSubtle', 'successSubtle'],
  ['onDangerSubtle', 'dangerSubtle'],
  ['onWarningSubtle', 'warningSubtle'],
];

function Palette() {
  return (
    <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8, maxWidth: 480 }}>
      {swatches.map(([fg, bg]) => (
        <li
          key={`${fg}-${bg}`}
          style={{
            color: vars.color[fg],
            background: vars.color[bg],
            padding: '8px 12px',
            borderRadius: vars.radius.control,
            border: `1px solid ${vars.color.border}`,
          }}
        >
          {fg} on {bg}
        </li>
      ))}
    </ul>
  );
}

const meta = { title: 'Foundations/Theme', component: Palette } satisfies Meta<typeof Palette>;
export default meta;

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Proves the toolbar global reaches the page: each test project runs these stories in its own theme. */
export const Colours: StoryObj<typeof meta> = {
  play: async ({ canvas, globals }) => {
    const dark = globals.theme === 'dark';
    await expect(document.documentElement).toHaveClass(dark ? themeClasses.dark : themeClasses.light);
    await expect(document.documentElement).not.toHaveClass(dark ? themeClasses.light : themeClasses.dark);
    const palette = dark ? darkPalette : lightPalette;
    await expect(getComputedStyle(document.body).backgroundColor).toBe(hexToRgb(palette.background));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(swatches.length);
  },
};
