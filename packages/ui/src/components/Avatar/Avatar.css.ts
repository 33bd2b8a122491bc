import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.primarySubtle,
  color: vars.color.onPrimarySubtle,
  fontWeight: vars.fontWeight.semibold,
  userSelect: 'none',
});

export const size = styleVariants({
  sm: { width: 32, height: 32, fontSize: vars.fontSize.xs },
  md: { width: 44, height: 44, fontSize: vars.fontSize.sm },
  lg: { width: 64, height: 64, fontSize: vars.fontSize.lg },
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
