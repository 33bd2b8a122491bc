import { style } from '@vanilla-extract/css';
import { vars } from '../styles.css';

const badge = style({
  display: 'inline-block',
  padding: '2px 8px',
  borderRadius: 999,
  border: '1px solid currentColor',
  fontSize: '0.875rem',
  fontWeight: 600,
});
export const good = style([badge, { color: vars.color.onSuccessSubtle }]);
export const bad = style([badge, { color: vars.color.danger }]);
