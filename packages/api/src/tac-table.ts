// The TAC rows ReCell ships. No npm package carries the Osmocom TAC database and the build has no other
// internet, so none of its data is here (and nothing is credited to it). These rows name the seed's demo phones;
// their TACs start with 00, the reporting body kept for test IMEIs, so no real phone carries them. Real models come
// from rows the server learns: an admin's confirmation of a listing, a buyer's *#06# at a completed handover.
import type { TacRow } from './tac';

export const SHIPPED_TAC_ROWS: readonly TacRow[] = [
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
