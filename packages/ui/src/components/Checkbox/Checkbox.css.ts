import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/styles.css';

export const checkbox = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  // a touch target of 44 px, the label's lines beside the box
  minHeight: 44,
  paddingBlock: vars.space.xs,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 22,
  height: 22,
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  transition: `background ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
    [`${checkbox}[data-focus-visible] &`]: focusRing,
    [`${checkbox}[data-hovered] &`]: { borderColor: vars.color.text },
  },
});

export const mark = style({
  color: vars.color.onPrimary,
  opacity: 0,
  selectors: { [`${checkbox}[data-selected] &`]: { opacity: 1 } },
});
