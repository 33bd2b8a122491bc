import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { darkPalette, lightPalette, type Palette } from './tokens';

const BODY = 4.5;
const UI = 3;

type Key = keyof Palette;
const surfaces: Key[] = ['background', 'surface', 'surfaceRaised', 'surfaceSunken'];

// Every foreground/background pair the components draw, with the WCAG AA minimum that applies to it.
const pairs: [fg: Key, bg: Key, min: number][] = [
  ...surfaces.flatMap((bg): [Key, Key, number][] => [
    ['text', bg, BODY],
    ['textMuted', bg, BODY],
    ['link', bg, BODY],
    ['danger', bg, BODY],
    ['borderStrong', bg, UI],
    ['focusRing', bg, UI],
    ['primary', bg, UI],
  ]),
  ['onPrimary', 'primary', BODY],
  ['onPrimary', 'primaryHover', BODY],
  ['onPrimary', 'primaryPressed', BODY],
  ['onPrimarySubtle', 'primarySubtle', BODY],
  ['onAccent', 'accent', BODY],
  ['onAccent', 'accentHover', BODY],
  ['onAccentSubtle', 'accentSubtle', BODY],
  ['onSuccessSubtle', 'successSubtle', BODY],
  ['onDangerSolid', 'dangerSolid', BODY],
  ['onDangerSubtle', 'dangerSubtle', BODY],
  ['onWarningSubtle', 'warningSubtle', BODY],
  ['text', 'primarySubtle', BODY],
];

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the classic lightest grey that passes 4.5:1
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('rejects colours it cannot read', () => {
    expect(() => contrastRatio('teal', '#ffffff')).toThrow(/#rrggbb/);
  });
});

describe.each([
  ['light', lightPalette],
  ['dark', darkPalette],
] as const)('%s theme meets WCAG AA', (_name, palette) => {
  it.each(pairs)('%s on %s >= %d:1', (fg, bg, min) => {
    expect(contrastRatio(palette[fg], palette[bg])).toBeGreaterThanOrEqual(min);
  });
});
