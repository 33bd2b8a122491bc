// A table from a tablet up; below it each row is a card of "label: value" lines, so a row's actions (Pay,
// Delete, Advertise) sit on the screen instead of past its right edge. The markup stays a table at every width.
import { focusRing, media, vars } from '@recell/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/** Everything narrower than the design system's tablet breakpoint. */
const phone = `not ${media.tablet}`;

// focusable (DataTable), so keyboard users can scroll it too; the ring shows for keyboard focus only
export const wrap = style({ overflowX: 'auto', selectors: { '&:focus-visible': focusRing } });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  '@media': { [phone]: { display: 'block' } },
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: '8px 12px',
  borderBottom: `1px solid ${vars.color.borderStrong}`,
});

globalStyle(`${table} tbody`, {
  '@media': { [phone]: { display: 'flex', flexDirection: 'column', gap: 12 } },
});

// the column headers stay for screen readers (each cell is still announced with its column); the cards show
// the same words beside each value
globalStyle(`${table} thead`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

globalStyle(`${table} tbody tr`, {
  '@media': {
    [phone]: {
      display: 'block',
      padding: '8px 12px',
      border: `1px solid ${vars.color.borderStrong}`,
      borderRadius: vars.radius.card,
      background: vars.color.surfaceRaised,
    },
  },
});

globalStyle(`${table} td`, {
  '@media': {
    [phone]: {
      // one line: the label's column, then the value, which wraps inside the rest
      display: 'flex',
      alignItems: 'center',
      gap: 12,
      padding: '6px 0',
      border: 'none',
      overflowWrap: 'anywhere',
    },
  },
});

// a value narrower than the rest of the line wraps (a long badge, 'Cancelled: no longer listed'), not past the card
globalStyle(`${table} td > *`, { '@media': { [phone]: { minWidth: 0, whiteSpace: 'normal' } } });

// a cell with nothing in it (no Cancel on a paid order) is no line of the card
globalStyle(`${table} td:empty`, { '@media': { [phone]: { display: 'none' } } });

// the label is for the eye only: a screen reader already hears the column's header (the empty alternative text)
globalStyle(`${table} td::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label) / ""',
      flex: '0 0 min(7em, 35%)',
      fontWeight: vars.fontWeight.semibold,
    },
  },
});
