import { style } from '@vanilla-extract/css';
import { vars } from '../styles.css';

export const region = style({
  position: 'fixed',
  insetInline: 16,
  bottom: 16,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: 8,
  zIndex: 100,
  pointerEvents: 'none',
});

export const item = style({
  pointerEvents: 'auto',
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  padding: '12px 16px',
  borderRadius: vars.radius.control,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 4px 16px rgb(0 0 0 / 0.2)',
  borderInlineStart: '6px solid',
});

export const toneSuccess = style({ borderColor: vars.color.onSuccessSubtle });
export const toneError = style({ borderColor: vars.color.danger });
