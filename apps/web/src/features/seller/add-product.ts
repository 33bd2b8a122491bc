// Add Product's fields and checks. Each field shows its own error under it (decisions.md); the words follow
// the spec's 'Name is Required'. Numbers are checked against the contract's limits before anything is sent.
import {
  brands,
  gradeProblem,
  type components,
  type Mobile,
  type MobileUpdate,
  type NewMobile,
} from '@recell/api';
import { luhnValid } from '@recell/api/test-cards';

export const conditions = ['Excellent', 'Good', 'Fair'] as const;

type TextKey = 'title' | 'location' | 'details';
type NumberKey = 'stock' | 'resale_price' | 'buying_price' | 'Year_of_purchase' | 'Year_of_uses';
/** What a buyer compares phones by; each optional, as listings made before them say nothing. */
type SpecKey = 'storageGb' | 'colour' | 'batteryHealth';
export type ProductField = TextKey | NumberKey | SpecKey | 'picture' | 'imei';
type StorageGb = components['schemas']['StorageGb'];

/** The model picker's "Not in the list": the listing names its phone by its title alone. */
export const NOT_LISTED = 'none';

/** The contract's StorageGb sizes, as the form's choices. */
export const storageSizes: readonly StorageGb[] = [16, 32, 64, 128, 256, 512, 1024];

export const labels: Record<ProductField, string> = {
  title: 'Name',
  picture: 'Picture',
  location: 'Location',
  stock: 'Stock',
  resale_price: 'Resale price',
  buying_price: 'Buying price',
  Year_of_purchase: 'Year of purchase',
  Year_of_uses: 'Years of use',
  details: 'Details',
  imei: 'IMEI (optional)',
  storageGb: 'Storage',
  colour: 'Colour (optional)',
  batteryHealth: 'Battery health, % (optional)',
};

const numberRules: Record<NumberKey, { min: number; max: number; integer: boolean }> = {
  stock: { min: 0, max: 1000, integer: true },
  resale_price: { min: 1, max: 100000, integer: false },
  buying_price: { min: 1, max: 100000, integer: false },
  Year_of_purchase: { min: 2000, max: 2100, integer: true },
  Year_of_uses: { min: 0, max: 50, integer: true },
};

const textKeys: TextKey[] = ['title', 'location', 'details'];

export type ProductErrors = Partial<Record<ProductField, string>>;

const isNumberKey = (key: string): key is NumberKey => key in numberRules;

/** One field's error, or undefined when its (trimmed) value is right; the same rules for adding and editing. */
function fieldError(key: TextKey | NumberKey, raw: string): string | undefined {
  if (!raw) return `${labels[key]} is Required`;
  if (isNumberKey(key)) {
    const rule = numberRules[key];
    const value = Number(raw);
    if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value)))
      return `${labels[key]} must be a ${rule.integer ? 'whole ' : ''}number`;
    if (value < rule.min || value > rule.max)
      return `${labels[key]} must be between ${rule.min} and ${rule.max}`;
    return undefined;
  }
  if (key === 'title' && raw.length < 2) return 'Name must be at least 2 characters';
  return undefined;
}

/**
 * The IMEI is optional; given, it is 15 digits whose last one is the Luhn check digit (as the server checks),
 * which catches a mistyped digit before the listing is sent. Spaces and dashes, as phones print it, are dropped.
 */
export function imeiError(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, '');
  if (!digits) return undefined;
  if (!/^[0-9]{15}$/.test(digits)) return 'IMEI must be 15 digits (dial *#06# to see it)';
  if (!luhnValid(digits)) return 'This IMEI is not valid: check each digit against *#06#';
  return undefined;
}

const text = (form: FormData, key: string) => String(form.get(key) ?? '').trim();

/**
 * Storage, colour and battery health as the form has them: each may be left out ("Not stated"), and what is
 * given is checked against the contract's bounds (Colour 30 characters, BatteryHealth 1 to 100).
 */
function readSpecs(form: FormData): {
  specs: Pick<NewMobile, SpecKey>;
  errors: ProductErrors;
} {
  const specs: Pick<NewMobile, SpecKey> = {};
  const errors: ProductErrors = {};
  const storage = storageSizes.find((size) => String(size) === form.get('storageGb'));
  if (storage !== undefined) specs.storageGb = storage;
  const colour = text(form, 'colour');
  if (colour.length > 30) errors.colour = 'Colour must be at most 30 characters';
  else if (colour) specs.colour = colour;
  const battery = text(form, 'batteryHealth').replace(/%$/, '').trim();
  if (battery) {
    const value = Number(battery);
    if (!Number.isInteger(value) || value < 1 || value > 100)
      errors.batteryHealth = 'Battery health must be a whole number from 1 to 100';
    else specs.batteryHealth = value;
  }
  return { specs, errors };
}

export function readProduct(
  form: FormData,
  /** The picture the file picker accepted (it checks type and size before anything is sent). */
  picture: File | null,
): {
  product: Omit<NewMobile, 'picture'> | null;
  picture: File | null;
  errors: ProductErrors;
} {
  const errors: ProductErrors = {};
  for (const key of [...textKeys, ...(Object.keys(numberRules) as NumberKey[])]) {
    const error = fieldError(key, text(form, key));
    if (error) errors[key] = error;
  }
  const numbers = Object.fromEntries(
    (Object.keys(numberRules) as NumberKey[]).map((key) => [key, Number(text(form, key))]),
  ) as Record<NumberKey, number>;
  const imeiProblem = imeiError(text(form, 'imei'));
  if (imeiProblem) errors.imei = imeiProblem;
  const imei = text(form, 'imei').replace(/[\s-]/g, '');
  const { specs, errors: specErrors } = readSpecs(form);
  Object.assign(errors, specErrors);

  if (!picture) errors.picture = 'Picture is Required';

  const category = brands.find((brand) => brand.id === form.get('category_id'))?.id ?? '01';
  const condition = conditions.find((value) => value === form.get('condition')) ?? 'Good';
  // the grade's battery promise, as the server holds the listing to it
  const broken = gradeProblem({ condition, batteryHealth: specs.batteryHealth });
  if (broken && !errors.batteryHealth) errors.batteryHealth = `Battery health ${broken.message}`;
  const modelKey = text(form, 'modelKey');
  if (Object.keys(errors).length > 0) return { product: null, picture, errors };
  return {
    product: {
      category_id: category,
      condition,
      title: text(form, 'title'),
      location: text(form, 'location'),
      details: text(form, 'details'),
      ...numbers,
      ...specs,
      ...(modelKey && modelKey !== NOT_LISTED ? { modelKey } : {}),
      ...(imei ? { imei } : {}),
    },
    picture,
    errors,
  };
}

/** What Edit may change (MobileUpdate in the contract), the picture apart: it is uploaded first. */
export const editableFields = ['title', 'location', 'resale_price', 'details', 'stock'] as const satisfies (
  TextKey | NumberKey
)[];

/**
 * Edit's form, checked with Add Product's rules, as the changes only (a PATCH): an unchanged field is not sent,
 * so an edit never overwrites what it did not touch.
 */
export function readUpdate(
  form: FormData,
  mobile: Mobile,
): { changes: Omit<MobileUpdate, 'picture'>; errors: ProductErrors } {
  const errors: ProductErrors = {};
  const changes: Omit<MobileUpdate, 'picture'> = {};
  for (const key of editableFields) {
    const raw = text(form, key);
    const error = fieldError(key, raw);
    if (error) errors[key] = error;
    else if (isNumberKey(key)) {
      if (Number(raw) !== mobile[key]) Object.assign(changes, { [key]: Number(raw) });
    } else if (raw !== mobile[key]) Object.assign(changes, { [key]: raw });
  }
  const condition = conditions.find((value) => value === form.get('condition'));
  if (condition && condition !== mobile.condition) changes.condition = condition;
  // A spec given and different is sent; one left empty stays as it was (the contract has no way to unset it).
  const { specs, errors: specErrors } = readSpecs(form);
  Object.assign(errors, specErrors);
  for (const key of ['storageGb', 'colour', 'batteryHealth'] as const) {
    if (specs[key] !== undefined && specs[key] !== mobile[key]) Object.assign(changes, { [key]: specs[key] });
  }
  // The listing's IMEI is shown masked only, so a typed one is a correction; left empty, it stays as it is.
  const imei = text(form, 'imei').replace(/[\s-]/g, '');
  const imeiProblem = imeiError(imei);
  if (imeiProblem) errors.imei = imeiProblem;
  else if (imei) changes.imei = imei;
  return { changes, errors };
}
