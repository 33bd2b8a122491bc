import { vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

// bottom-left (the toasts take the bottom-right corner). The toggle comes first in the DOM, so Tab goes from it
// into the open panel, which shows above it.
export const panel = style({
  position: 'fixed',
  insetBlockEnd: vars.space.md,
  insetInlineStart: vars.space.md,
  zIndex: 150,
  display: 'flex',
  flexDirection: 'column-reverse',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  maxWidth: 'calc(100vw - 32px)',
});

export const body = style({
  display: 'grid',
  gap: vars.space.md,
  width: 280,
  maxWidth: '100%',
  padding: vars.space.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  boxShadow: vars.shadow.lg,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md });

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
