import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/styles.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, maxWidth: 420 });

export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  textAlign: 'center',
  outline: 'none',
  selectors: {
    '&[data-drop-target]': { borderColor: vars.color.primary, background: vars.color.primarySubtle },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.55 },
  },
});

export const invalid = style({ borderColor: vars.color.danger });

export const preview = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'contain',
  borderRadius: vars.radius.control,
  background: vars.color.surfaceSunken,
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const progress = style({ display: 'grid', gap: vars.space.xs, fontSize: vars.fontSize.sm });

export const progressTrack = style({
  height: 8,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.borderStrong}`,
  overflow: 'hidden',
});

export const progressFill = style({
  height: '100%',
  background: vars.color.primary,
  transition: `width ${vars.motion.normal}`,
});
