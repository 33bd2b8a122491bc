import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/tokens';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const pulse = keyframes({ '50%': { opacity: 0.4 } });

export const root = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });

export const circle = style({
  display: 'block',
  width: '1.25em',
  height: '1.25em',
  borderRadius: vars.radius.full,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  '@media': {
    // no spinning for people who asked for less motion: a slow fade says "busy" without movement
    [media.reducedMotion]: {
      borderRightColor: 'currentColor',
      animation: `${pulse} 2s ease-in-out infinite`,
    },
  },
});

export const large = style({ width: '2.5em', height: '2.5em', borderWidth: 3 });
