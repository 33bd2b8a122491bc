import { style } from '@vanilla-extract/css';

// Stripe's frame fills the field's box (the box draws the border, focus ring and theme colours)
export const card = style({ flex: 1, minWidth: 0 });
