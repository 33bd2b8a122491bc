import { style } from '@vanilla-extract/css';
import { vars } from '../styles.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: 'rgb(0 0 0 / 0.5)',
  display: 'grid',
  placeItems: 'center',
  padding: 16,
  zIndex: 50,
});

export const dialog = style({
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.card,
  padding: 24,
  width: 'min(480px, 100%)',
  maxHeight: '90vh',
  overflowY: 'auto',
  position: 'relative',
});

export const close = style({ position: 'absolute', top: 8, right: 8 });
