import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '@recell/ui/theme';

// react-aria marks its groups data-focus-within; a plain element gets the same ring from :focus-within
export const control = style({
  selectors: { '&:focus-within': { ...focusRing, outlineOffset: '1px', borderColor: vars.color.primary } },
});

export const icon = style({ flexShrink: 0, marginInlineEnd: vars.space.sm, color: vars.color.textMuted });
