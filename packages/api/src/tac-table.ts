// The TAC rows ReCell ships. Two kinds:
// - Test rows for the seed's demo phones: their TACs start with 00, the reporting body kept for test IMEIs, so no
//   real phone carries them.
// - Real rows from the Osmocom TAC database (CC-BY-SA 3.0, (c) Harald Welte 2016; NOTICE.md), kept where the row
//   names a phone of the model catalogue (phone-models.ts): generated into generated/tac-rows.ts by
//   scripts/phone-data.mjs, named as the catalogue names the model, so a listing titled by the model picker matches.
// Real models beyond these still come from rows the server learns: an admin's confirmation of a listing, a buyer's
// *#06# at a completed handover.
import { OSMOCOM_TAC_ROWS } from './generated/tac-rows';
import type { TacRow } from './tac';

export const TEST_TAC_ROWS: readonly TacRow[] = [
  { tac: '00101201', category_id: '01', model: 'Redmi Note 12' },
  { tac: '00101302', category_id: '01', model: '13T' },
  { tac: '00100503', category_id: '01', model: 'Poco X5 Pro' },
  { tac: '00202101', category_id: '02', model: 'Galaxy S21' },
  { tac: '00205402', category_id: '02', model: 'Galaxy A54' },
  { tac: '00200403', category_id: '02', model: 'Galaxy Z Flip4' },
  { tac: '00301301', category_id: '03', model: 'iPhone 13' },
  { tac: '00301202', category_id: '03', model: 'iPhone 12 mini' },
  { tac: '00301403', category_id: '03', model: 'iPhone 14 Pro' },
];

/** The real rows, with the catalogue model each names (its key, as a listing's modelKey holds it). */
export const REAL_TAC_ROWS: readonly (TacRow & { modelKey: string })[] = OSMOCOM_TAC_ROWS.map(
  ([tac, category_id, model, modelKey]) => ({ tac, category_id, model, modelKey }),
);

export const SHIPPED_TAC_ROWS: readonly TacRow[] = [...TEST_TAC_ROWS, ...REAL_TAC_ROWS];
