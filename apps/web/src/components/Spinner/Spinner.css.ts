import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const wrapper = style({ display: 'flex', justifyContent: 'center', padding: 32 });

export const ring = style({
  width: 32,
  height: 32,
  borderRadius: '50%',
  border: `4px solid ${vars.border}`,
  borderTopColor: vars.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '3s' } },
});
