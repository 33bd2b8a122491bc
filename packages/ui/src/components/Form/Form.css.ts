import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 560 });

export const formError = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.control,
  background: vars.color.dangerSubtle,
  color: vars.color.onDangerSubtle,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' });
