import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.body,
  whiteSpace: 'nowrap',
});

export const tone = styleVariants({
  neutral: { background: vars.color.surfaceSunken, color: vars.color.text },
  success: { background: vars.color.successSubtle, color: vars.color.onSuccessSubtle },
  primary: { background: vars.color.primarySubtle, color: vars.color.onPrimarySubtle },
  accent: { background: vars.color.accentSubtle, color: vars.color.onAccentSubtle },
});
