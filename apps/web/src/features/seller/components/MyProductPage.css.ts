import { vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/** The row of the phone just added: marked by the whole row's colour, not by colour alone (it also says "New"). */
export const added = style({ fontWeight: vars.fontWeight.semibold, outline: 'none' });
globalStyle(`tr:has(${added})`, {
  background: vars.color.primarySubtle,
  color: vars.color.onPrimarySubtle,
  boxShadow: `inset 4px 0 0 ${vars.color.primary}`,
});

export const actions = style({ display: 'flex', gap: 8, flexWrap: 'wrap' });

/** What the IMEI says under a listing's name, when it is not "matches". */
export const imeiNote = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
  fontSize: vars.fontSize.sm,
});
