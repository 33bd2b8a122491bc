import { vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';
import { factList } from '../../../components/styles.css';

/** A deal's state in a row: its badge, then a short line (time left, what happened). */
export const state = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 });

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The handover code: read aloud at the meetup, so large and spaced. */
export const code = style({
  margin: 0,
  fontSize: '2.5rem',
  fontWeight: 700,
  letterSpacing: '0.2em',
  fontVariantNumeric: 'tabular-nums',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
});

export const codeBox = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 });

/** The QR stays dark on white in both themes, or a scanner cannot read it. */
export const qr = style({ background: '#fff', padding: 8, borderRadius: 4, lineHeight: 0 });

export const list = style({ margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 4 });

export const actions = style({ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 });

/** Facts a dialog states rather than asks (the booking's name, email, date and price). */
export const facts = style([factList]);
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

/**
 * The booking's submit stays at the foot of the dialog while its questions scroll: at 375 px the
 * questions are taller than the screen, and the next step must show without scrolling to find it.
 */
export const submitBar = style({
  position: 'sticky',
  bottom: 0,
  // to the dialog's bottom edge, over its padding, so nothing scrolls by under the button
  marginBottom: `calc(-1 * ${vars.space.xl})`,
  padding: `${vars.space.sm} 0 ${vars.space.md}`,
  background: vars.color.surfaceRaised,
});
