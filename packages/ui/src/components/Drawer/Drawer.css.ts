import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' } });
const fadeIn = keyframes({ from: { opacity: 0 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  background: vars.color.backdrop,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
    '&[data-exiting]': { animation: `${fadeIn} ${vars.motion.fast} ease-in reverse` },
  },
});

export const panel = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  width: 'min(320px, 85vw)',
  overflowY: 'auto',
  borderInlineEnd: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${slideIn} ${vars.motion.normal} ease-out` },
    '&[data-exiting]': { animation: `${slideIn} ${vars.motion.fast} ease-in reverse` },
  },
});

export const dialog = style({ display: 'flex', flexDirection: 'column', minHeight: '100%', outline: 'none' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const body = style({ padding: vars.space.lg, flex: 1 });
