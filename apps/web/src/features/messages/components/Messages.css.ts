import { vars } from '@recell/ui/theme';
import { style } from '@vanilla-extract/css';

export const inbox = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const inboxRow = style({
  display: 'grid',
  gridTemplateColumns: '56px 1fr auto',
  gap: vars.space.md,
  alignItems: 'center',
  padding: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  ':hover': { background: vars.color.surfaceRaised },
});

export const rowText = style({ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 });

export const rowTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const unreadTitle = style({ fontWeight: vars.fontWeight.bold });

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const preview = style([
  muted,
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
]);

export const unreadBadge = style({
  minWidth: 24,
  padding: '2px 8px',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
});

export const thread = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 760 });

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

export const headText = style({
  flex: '1 1 200px',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const notice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.card,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
});

export const messages = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const message = style({
  maxWidth: '85%',
  alignSelf: 'flex-start',
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});

export const mine = style({ alignSelf: 'flex-end', alignItems: 'flex-end' });

export const bubble = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.card,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
});

export const mineBubble = style({ background: vars.color.primarySubtle, color: vars.color.onPrimarySubtle });

/** Plain text as written: line breaks kept, long words (a pasted link) broken, never a link. */
export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const pictures = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
});

export const picture = style({
  width: 120,
  height: 90,
  objectFit: 'cover',
  borderRadius: 4,
  background: vars.color.surfaceSunken,
});

export const banner = style({
  padding: vars.space.md,
  borderRadius: vars.radius.card,
  background: vars.color.warningSubtle,
  color: vars.color.onWarningSubtle,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});

export const bannerText = style({ margin: 0 });

export const composer = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const small = style({ padding: 0, minHeight: 0 });

/** The message a report names, among those around it (an admin's reading): marked by words as well as a line. */
export const reported = style({
  paddingLeft: vars.space.sm,
  boxShadow: `inset 4px 0 0 ${vars.color.primary}`,
});

export const reportedLabel = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

/** The deal's next step in the thread's head (Pay to hold): as wide as its words, not the column. */
export const headAction = style({ alignSelf: 'flex-start' });
