import { vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

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

export const mailRow = style([item, { gridTemplateColumns: '1fr' }]);

export const mail = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const headers = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

globalStyle(`${headers} dt`, { fontWeight: vars.fontWeight.semibold });

globalStyle(`${headers} dd`, { margin: 0 });

/**
 * An email is drawn for a mail client's white page: the frame is a light canvas in either theme, or the mail's
 * default black text would stand on the dark theme's background.
 */
export const mailFrame = style({
  colorScheme: 'light',
  background: 'Canvas',
  width: '100%',
  minHeight: 360,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
});

export const mailText = style({
  margin: 0,
  padding: vars.space.md,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  background: vars.color.surfaceRaised,
  borderRadius: vars.radius.card,
});

export const unsubscribe = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxWidth: '40rem',
});
