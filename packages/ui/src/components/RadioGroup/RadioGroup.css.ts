import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/styles.css';

export const options = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { borderColor: vars.color.primary, background: vars.color.primarySubtle },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

/** The circle: an outline, filled with a dot once chosen. */
export const mark = style({
  flexShrink: 0,
  width: 18,
  height: 18,
  borderRadius: '50%',
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  selectors: {
    [`${radio}[data-selected] &`]: {
      borderColor: vars.color.primary,
      boxShadow: `inset 0 0 0 3px ${vars.color.surface}`,
      background: vars.color.primary,
    },
  },
});
