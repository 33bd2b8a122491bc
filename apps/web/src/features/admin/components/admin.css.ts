import { style } from '@vanilla-extract/css';
import { vars } from '@recell/ui/theme';

// the filter above a list: a field as wide as its words, not the whole column
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginBottom: vars.space.md,
  maxWidth: 320,
});

/** All Users' find box and its button on one line, the button at the field's foot. */
export const search = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  width: '100%',
});

export const reports = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const report = style({
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

export const line = style({ margin: 0 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const count = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

// "Check an email" above the users list: the field and its button on one line where they fit
export const lookup = style({ marginBottom: vars.space.lg });

export const lookupForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  maxWidth: 480,
});

/** The audit log's target: the name first, the id under it, small (long ids break rather than widen the table). */
export const target = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const targetId = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
