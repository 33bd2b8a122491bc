import { style } from '@vanilla-extract/css';
import { vars } from '@recell/ui/theme';

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pageLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  minWidth: 44,
  minHeight: 44,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.control,
  border: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    '&[aria-current="page"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
      fontWeight: vars.fontWeight.bold,
    },
  },
});

export const pageGap = style({ minWidth: 24, textAlign: 'center', color: vars.color.textMuted });

// a Previous or Next that leads nowhere: plain text in muted colours (still AA), not a link
export const pageDisabled = style([pageLink, { color: vars.color.textMuted, borderStyle: 'dashed' }]);
