// The IMEI names the model: its first 8 digits (the TAC) identify the device model. The shipped rows
// (tac-table.ts) answer first; the server adds rows an admin confirmed and rows learned from buyer-witnessed
// handovers of separate pairs (tac-learning.ts). Pure, so the server and the mocks compare a listing the same way.
import { brandNames } from './brands';
import type { components } from './generated/schema';
import { SHIPPED_TAC_ROWS } from './tac-table';

type CategoryId = components['schemas']['CategoryId'];

export interface TacRow {
  tac: string;
  category_id: CategoryId;
  model: string;
}

export type ModelOutcome =
  { outcome: 'match'; name: string } | { outcome: 'mismatch'; name: string } | { outcome: 'unknown' };

const SHIPPED = new Map(SHIPPED_TAC_ROWS.map((row) => [row.tac, row]));

export const tacOf = (imei: string) => imei.slice(0, 8);

export const shippedTac = (tac: string): TacRow | undefined => SHIPPED.get(tac);

/** Words that make another model when they follow a model's name ("iPhone 12" is not "iPhone 12 Pro"). */
const VARIANTS = new Set([
  'pro',
  'max',
  'plus',
  'mini',
  'ultra',
  'lite',
  'fe',
  'edge',
  'fold',
  'flip',
  'neo',
  's',
]);

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** The model's words appear in the title, in order, and no variant word follows them. */
function titleNames(title: string, model: string): boolean {
  const have = words(title);
  const want = words(model);
  if (want.length === 0) return false;
  for (let start = 0; start + want.length <= have.length; start += 1) {
    if (want.every((word, index) => have[start + index] === word)) {
      const next = have[start + want.length];
      if (next === undefined || !VARIANTS.has(next)) return true;
    }
  }
  return false;
}

/** "Samsung Galaxy S21": the brand is the category's. */
export const modelName = (row: TacRow) => `${brandNames[row.category_id]} ${row.model}`;

export function compareModel(
  row: TacRow | undefined,
  listed: { category_id: CategoryId; title: string },
): ModelOutcome {
  if (!row) return { outcome: 'unknown' };
  const name = modelName(row);
  return row.category_id === listed.category_id && titleNames(listed.title, row.model)
    ? { outcome: 'match', name }
    : { outcome: 'mismatch', name };
}

/** What an admin or a buyer confirmed: the listing's title without its brand is the model's name. */
export function learnedModel(listed: { category_id: CategoryId; title: string }): string {
  const brand = brandNames[listed.category_id].toLowerCase();
  const title = listed.title.trim();
  return title.toLowerCase().startsWith(`${brand} `) ? title.slice(brand.length + 1).trim() : title;
}
