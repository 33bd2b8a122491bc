import { style } from '@vanilla-extract/css';
import { vars } from '../../../components/styles.css';

export const carousel = style({
  position: 'relative',
  borderRadius: vars.radius.card,
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
  marginBottom: 32,
});

export const slide = style({
  display: 'grid',
  gap: 16,
  alignItems: 'center',
  padding: 24,
  gridTemplateColumns: '1fr',
  '@media': { 'screen and (min-width: 768px)': { gridTemplateColumns: '1fr 1fr' } },
});

export const slideArt = style({ width: '100%', height: 'auto', maxHeight: 260 });

export const controls = style({ display: 'flex', gap: 8, justifyContent: 'center', padding: 16 });

export const actions = style({ display: 'flex', gap: 12, flexWrap: 'wrap' });
