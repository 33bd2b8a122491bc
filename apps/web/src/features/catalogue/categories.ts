import { brandNames, type CategoryId } from '@recell/api';

/** The brands on offer (§3) by the contract's CategoryId; the list itself lives in @recell/api. */
export const categoryNames: Record<CategoryId, string> = brandNames;

export function isCategoryId(value: string): value is CategoryId {
  return value in categoryNames;
}
