// Add Product's fields and checks. Each field shows its own error under it (decisions.md); the words follow
// the spec's 'Name is Required'. Numbers are checked against the contract's limits before anything is sent.
import type { CategoryId, NewMobile } from '@recell/api';

export const brands: { value: CategoryId; label: string }[] = [
  { value: '01', label: 'Xiaomi' },
  { value: '02', label: 'Samsung' },
  { value: '03', label: 'Apple' },
];

export const conditions = ['Excellent', 'Good', 'Fair'] as const;

type TextKey = 'title' | 'location' | 'Seller_name' | 'bookingId' | 'number_of_seller' | 'details';
type NumberKey = 'stock' | 'resale_price' | 'buying_price' | 'Year_of_purchase' | 'Year_of_uses';
export type ProductField = TextKey | NumberKey | 'picture';

export const labels: Record<ProductField, string> = {
  title: 'Name',
  picture: 'Picture',
  location: 'Location',
  Seller_name: 'Seller name',
  bookingId: 'Booking ID',
  stock: 'Stock',
  resale_price: 'Resale price',
  buying_price: 'Buying price',
  Year_of_purchase: 'Year of purchase',
  Year_of_uses: 'Years of use',
  number_of_seller: 'Phone number',
  details: 'Details',
};

const numberRules: Record<NumberKey, { min: number; max: number; integer: boolean }> = {
  stock: { min: 0, max: 1000, integer: true },
  resale_price: { min: 1, max: 100000, integer: false },
  buying_price: { min: 1, max: 100000, integer: false },
  Year_of_purchase: { min: 2000, max: 2100, integer: true },
  Year_of_uses: { min: 0, max: 50, integer: true },
};

const textKeys: TextKey[] = ['title', 'location', 'Seller_name', 'bookingId', 'number_of_seller', 'details'];

export type ProductErrors = Partial<Record<ProductField, string>>;

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
  const text = (key: string) => String(form.get(key) ?? '').trim();
  for (const key of textKeys) if (!text(key)) errors[key] = `${labels[key]} is Required`;
  if (text('title') && text('title').length < 2) errors.title = 'Name must be at least 2 characters';
  if (text('number_of_seller') && !/^\+?[0-9 ()-]{6,20}$/.test(text('number_of_seller')))
    errors.number_of_seller = 'Enter a phone number of 6 to 20 digits';

  const numbers = {} as Record<NumberKey, number>;
  for (const [key, rule] of Object.entries(numberRules) as [NumberKey, (typeof numberRules)[NumberKey]][]) {
    const raw = text(key);
    const value = Number(raw);
    if (!raw) errors[key] = `${labels[key]} is Required`;
    else if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value)))
      errors[key] = `${labels[key]} must be a ${rule.integer ? 'whole ' : ''}number`;
    else if (value < rule.min || value > rule.max)
      errors[key] = `${labels[key]} must be between ${rule.min} and ${rule.max}`;
    numbers[key] = value;
  }

  if (!picture) errors.picture = 'Picture is Required';

  const category = brands.find((brand) => brand.value === form.get('category_id'))?.value ?? '01';
  const condition = conditions.find((value) => value === form.get('condition')) ?? 'Good';
  if (Object.keys(errors).length > 0) return { product: null, picture, errors };
  return {
    product: {
      category_id: category,
      condition,
      title: text('title'),
      location: text('location'),
      Seller_name: text('Seller_name'),
      bookingId: text('bookingId'),
      number_of_seller: text('number_of_seller'),
      details: text('details'),
      ...numbers,
    },
    picture,
    errors,
  };
}
