import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });

export const note = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const numeric = style({ fontVariantNumeric: 'tabular-nums' });
