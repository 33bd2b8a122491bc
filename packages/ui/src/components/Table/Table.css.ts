import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/styles.css';

export const wrap = style({
  width: '100%',
  overflowX: 'auto',
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
});

export const column = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'start',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&[data-allows-sorting]': { cursor: 'pointer' },
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' },
  },
});

export const sortIcon = style({
  display: 'inline-flex',
  verticalAlign: 'middle',
  marginInlineStart: vars.space.xs,
});

export const row = style({
  borderTop: `1px solid ${vars.color.border}`,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceSunken },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' },
  },
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  verticalAlign: 'middle',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' } },
});

export const empty = style({ padding: vars.space.lg });
