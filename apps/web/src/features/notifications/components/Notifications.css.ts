import { vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: '12px 1fr',
  gap: vars.space.md,
  alignItems: 'baseline',
  padding: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  ':hover': { background: vars.color.surfaceRaised },
});

/** The unread mark: a dot beside the text (and the words "unread" for a screen reader). */
export const dot = style({
  width: 10,
  height: 10,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});

export const body = style({ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 });

export const text = style({ margin: 0, overflowWrap: 'anywhere' });

export const unreadText = style({ fontWeight: vars.fontWeight.bold });

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const preferences = style({
  listStyle: 'none',
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const preference = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
