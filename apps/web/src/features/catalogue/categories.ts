import type { CategoryId } from '@recell/api';

/** The brands on offer (§3); the contract's CategoryId enum. */
export const categoryNames: Record<CategoryId, string> = { '01': 'Xiaomi', '02': 'Samsung', '03': 'Apple' };

export function isCategoryId(value: string): value is CategoryId {
  return value in categoryNames;
}
