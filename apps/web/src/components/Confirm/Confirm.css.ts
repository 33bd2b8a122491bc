import { style } from '@vanilla-extract/css';

export const actions = style({ display: 'flex', gap: 8, flexWrap: 'wrap' });
