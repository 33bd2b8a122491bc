import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  borderRadius: vars.radius.card,
  border: `1px dashed ${vars.color.border}`,
});

export const iconWrap = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 56,
  height: 56,
  borderRadius: vars.radius.full,
});

export const tone = styleVariants({
  neutral: { background: vars.color.primarySubtle, color: vars.color.onPrimarySubtle },
  error: { background: vars.color.dangerSubtle, color: vars.color.onDangerSubtle },
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const description = style({ margin: 0, maxWidth: '48ch', color: vars.color.textMuted });
export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  justifyContent: 'center',
  marginTop: vars.space.sm,
});
