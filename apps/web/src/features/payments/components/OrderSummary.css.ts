import { style } from '@vanilla-extract/css';
import { vars } from '@recell/ui/theme';

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 16,
  maxWidth: 520,
  margin: '16px 0 24px',
  padding: 16,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  background: vars.color.surfaceRaised,
});

export const title = style({ flexBasis: '100%', margin: 0, fontSize: vars.fontSize.lg });

export const picture = style({
  width: 96,
  height: 72,
  objectFit: 'contain',
  background: vars.color.surface,
  borderRadius: vars.radius.control,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '4px 12px',
  margin: 0,
  flex: '1 1 200px',
  overflowWrap: 'anywhere',
});

export const term = style({ fontWeight: vars.fontWeight.semibold });

export const receipt = style({ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 640 });

export const list = style({
  margin: 0,
  paddingInlineStart: 24,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});

/** Why the price is lower than the one booked, under it. */
export const note = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
