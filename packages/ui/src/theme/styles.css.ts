import { style } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** The one focus ring: shown only for keyboard focus (react-aria's data-focus-visible). */
export const focusRing = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
} as const;

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** Prices and tables line their digits up. */
export const tabularNumbers = style({ fontVariantNumeric: 'tabular-nums' });
