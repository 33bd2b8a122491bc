import type { Mobile } from '@recell/api';
import type { ReactNode } from 'react';

/** What a Book / Add To Cart / Report button (and an admin's model confirmation) needs to know about a listing. */
export interface ListingRef {
  _id: string;
  title: string;
  resale_price: number;
  stock: number;
  imeiCheck?: Mobile['imeiCheck'];
}

/** Screens that list phones leave the buying actions to the app, which composes them from their features. */
export type RenderListingActions = (listing: ListingRef) => ReactNode;

export function formatPostedTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
