import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: vars.color.backdrop,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
    '&[data-exiting]': { animation: `${fadeIn} ${vars.motion.fast} ease-in reverse` },
  },
});

export const modal = style({
  width: '100%',
  maxWidth: 520,
  maxHeight: 'calc(100dvh - 32px)',
  overflow: 'auto',
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${rise} ${vars.motion.normal} ease-out` },
  },
});

export const dialog = style({ padding: vars.space.xl, outline: 'none', position: 'relative' });

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const close = style({
  marginTop: `-${vars.space.sm}`,
  marginRight: `-${vars.space.sm}`,
  flexShrink: 0,
});
