import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const quote = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  overflowWrap: 'anywhere',
  selectors: { '&::before': { content: '"\\201C"' }, '&::after': { content: '"\\201D"' } },
});

export const caption = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
export const name = style({ display: 'block', fontWeight: vars.fontWeight.semibold });
export const detail = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.textMuted });
