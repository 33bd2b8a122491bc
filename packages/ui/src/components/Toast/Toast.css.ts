import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/tokens';

const slideUp = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' } });

/**
 * On a phone the toast sits at the top, clear of the sticky action bar at the bottom (Book, Pay), so it never
 * covers the action just taken; from a tablet up, at the bottom right beside the content.
 */
export const region = style({
  position: 'fixed',
  insetBlockStart: vars.space.sm,
  insetInlineEnd: vars.space.sm,
  insetInlineStart: vars.space.sm,
  '@media': {
    [media.tablet]: {
      insetBlockStart: 'auto',
      insetBlockEnd: vars.space.lg,
      insetInlineEnd: vars.space.lg,
      insetInlineStart: vars.space.lg,
    },
  },
  zIndex: 200,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  pointerEvents: 'none',
});

/** Each live region is always in the DOM, so screen readers notice what is added to it. */
export const live = style({ display: 'contents' });

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  width: 'min(100%, 380px)',
  padding: vars.space.md,
  borderRadius: vars.radius.control,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  pointerEvents: 'auto',
  animation: `${slideUp} ${vars.motion.normal} ease-out`,
});

export const tone = styleVariants({
  success: { background: vars.color.successSubtle, color: vars.color.onSuccessSubtle },
  error: { background: vars.color.dangerSubtle, color: vars.color.onDangerSubtle },
  info: { background: vars.color.surfaceRaised, color: vars.color.text },
});

export const text = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });
export const title = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const description = style({ margin: 0, fontSize: vars.fontSize.sm });
export const icon = style({ flexShrink: 0, marginTop: 2 });
export const dismiss = style({
  minHeight: 28,
  minWidth: 28,
  marginBlock: `-${vars.space.xs}`,
  color: 'inherit',
});
