import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/tokens';

export const carousel = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.card,
  background: vars.color.primarySubtle,
  color: vars.color.onPrimarySubtle,
});

export const track = style({
  display: 'flex',
  transition: `transform ${vars.motion.normal} ease-out`,
});

export const slide = style({
  flex: '0 0 100%',
  display: 'grid',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.lg}`,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr', padding: vars.space.xxl } },
});

export const picture = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'contain',
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const description = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.fontSize.lg });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `0 ${vars.space.xl} ${vars.space.xl}`,
  '@media': { [media.tablet]: { padding: `0 ${vars.space.xxl} ${vars.space.xl}` } },
});

export const controls = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const position = style({ minWidth: '4.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' });
