import { style } from '@vanilla-extract/css';

// the buying actions under a listing (Book, Add To Cart, Report), at the card's foot
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 'auto' });

export const sections = style({ display: 'flex', flexDirection: 'column', gap: 32 });
