import { globalFontFace } from '@vanilla-extract/css';
import { interFallbacks } from './tokens';

// Until Inter has arrived, text is drawn in a local font scaled to Inter's widths and placed on its metrics, so
// the swap to Inter moves nothing (a public page's static first frame can paint before the font is
// there). One family per local font, since each needs its own adjustments; a missing one is skipped. Arial's
// figures fit Arial, Liberation Sans and Arimo (same metrics); DejaVu Sans is the Linux default (measured
// against Inter's regular weight, the weight of most text).
globalFontFace(interFallbacks.arial, {
  src: "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('Arimo')",
  sizeAdjust: '107.06%',
  ascentOverride: '90.49%',
  descentOverride: '22.56%',
  lineGapOverride: '0%',
});

globalFontFace(interFallbacks.dejaVu, {
  src: "local('DejaVu Sans'), local('DejaVuSans')",
  sizeAdjust: '96%',
  ascentOverride: '101%',
  descentOverride: '25%',
  lineGapOverride: '0%',
});
