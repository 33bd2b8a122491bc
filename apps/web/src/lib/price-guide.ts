import type { components } from '@recell/api';
import type { ReactNode } from 'react';

/** What a price is for, as the price guide reads it: the model, its storage and condition, and a price if any. */
export interface PricedPhone {
  modelKey: string | undefined;
  storageGb: components['schemas']['StorageGb'] | undefined;
  condition: components['schemas']['Condition'];
  price?: number | undefined;
}

/**
 * Screens that price a phone (Add Product, Edit, a listing) leave the price guide to the app, which composes it
 * from the prices feature: features do not import each other.
 */
export type RenderPriceGuide = (phone: PricedPhone) => ReactNode;
