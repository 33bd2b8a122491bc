import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/styles.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minHeight: 44,
    maxWidth: '100%',
    paddingInline: vars.space.lg,
    borderRadius: vars.radius.control,
    border: '1px solid transparent',
    fontFamily: 'inherit',
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast}, border-color ${vars.motion.fast}, transform ${vars.motion.fast}`,
    WebkitTapHighlightColor: 'transparent',
    selectors: {
      '&[data-focus-visible]': focusRing,
      '&[data-pressed]': { transform: 'translateY(1px)' },
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: {
          '&[data-hovered]': { background: vars.color.primaryHover },
          '&[data-pressed]': { background: vars.color.primaryPressed },
        },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&[data-hovered]': { background: vars.color.surfaceSunken },
          '&[data-pressed]': { background: vars.color.primarySubtle },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: {
          '&[data-hovered]': { background: vars.color.surfaceSunken },
          '&[data-pressed]': { background: vars.color.primarySubtle },
        },
      },
      accent: {
        background: vars.color.accent,
        color: vars.color.onAccent,
        selectors: { '&[data-hovered], &[data-pressed]': { background: vars.color.accentHover } },
      },
      danger: {
        background: vars.color.dangerSolid,
        color: vars.color.onDangerSolid,
        selectors: { '&[data-hovered], &[data-pressed]': { filter: 'brightness(0.92)' } },
      },
    },
    size: {
      md: {},
      sm: { minHeight: 36, paddingInline: vars.space.md, fontSize: vars.fontSize.sm },
      icon: { minHeight: 44, minWidth: 44, paddingInline: 0 },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
