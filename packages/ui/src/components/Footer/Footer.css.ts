import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { contentMaxWidth, media } from '../../theme/tokens';

export const footer = style({
  marginTop: vars.space.xxxl,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
});

export const inner = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  maxWidth: contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  '@media': { [media.tablet]: { gridTemplateColumns: '2fr repeat(4, minmax(0, 1fr))' } },
});

export const about = style({
  gridColumn: '1 / -1',
  '@media': { [media.tablet]: { gridColumn: 'auto' } },
});

export const tagline = style({ margin: `${vars.space.sm} 0`, color: vars.color.textMuted });

export const heading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const social = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const bottom = style({
  maxWidth: contentMaxWidth,
  margin: '0 auto',
  padding: `0 ${vars.space.lg} ${vars.space.xl}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
