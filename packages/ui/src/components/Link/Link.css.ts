import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/styles.css';

export const link = recipe({
  base: {
    color: vars.color.link,
    fontWeight: vars.fontWeight.medium,
    textDecoration: 'underline',
    textUnderlineOffset: '0.2em',
    borderRadius: 2,
    cursor: 'pointer',
    selectors: {
      '&[data-hovered]': { textDecorationThickness: '2px' },
      '&[data-focus-visible]': focusRing,
      '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed', textDecoration: 'none' },
      '&[data-current]': { fontWeight: vars.fontWeight.bold },
    },
  },
  variants: {
    // navigation links read as links by place, so they drop the underline until hovered
    variant: {
      inline: {},
      nav: {
        color: vars.color.text,
        textDecoration: 'none',
        selectors: { '&[data-hovered], &[data-current]': { textDecoration: 'underline' } },
      },
    },
  },
  defaultVariants: { variant: 'inline' },
});
