import type { components } from './generated/schema';

type CategoryId = components['schemas']['CategoryId'];
/** The contract names the brands too (Category.category_name), so a brand outside it does not compile. */
type BrandName = components['schemas']['Category']['category_name'];

/**
 * The brands on offer (spec section 3), in the order every screen lists them: the one list behind the seed
 * categories, the category pages, Add Product and the footer. Their ids are the contract's CategoryId enum.
 */
export const brands: readonly { id: CategoryId; name: BrandName }[] = [
  { id: '01', name: 'Xiaomi' },
  { id: '02', name: 'Samsung' },
  { id: '03', name: 'Apple' },
];

/** A brand's name by its id. */
export const brandNames = Object.fromEntries(brands.map(({ id, name }) => [id, name])) as Record<
  CategoryId,
  string
>;
