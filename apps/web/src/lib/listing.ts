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

/**
 * A listing's standing on its own page ("Available", "Sold"), which the app may replace for the person looking:
 * a buyer with an open deal of it is told where the deal stands.
 */
export type RenderListingStatus = (listing: ListingRef, standing: ReactNode) => ReactNode;

export function formatPostedTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "128 GB", "1 TB": storage as phones are sold with it. */
// A function declaration, not a const: module-level code of another chunk calls it, and a cycle between the
// build's shared chunks can run that code first (only a declaration is callable before its chunk has run).
export function formatStorage(gb: number): string {
  return gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`;
}

/**
 * "128 GB, Midnight, battery 86%": what a buyer compares beyond the model, in one line; undefined
 * when the listing states none of them (made before they were asked).
 */
export function formatSpecs(
  mobile: Pick<Mobile, 'storageGb' | 'colour' | 'batteryHealth'>,
): string | undefined {
  const parts = [
    mobile.storageGb === undefined ? undefined : formatStorage(mobile.storageGb),
    mobile.colour,
    mobile.batteryHealth === undefined ? undefined : `battery ${mobile.batteryHealth}%`,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * Whether a listing can be bought: in stock, sold (out of stock), or withdrawn (its IMEI is reported lost or
 * stolen, so phone-truth took it off sale: it was not sold, and saying so would mislead both sides).
 */
export function availability(
  mobile: Pick<Mobile, 'stock' | 'imeiCheck'>,
): 'available' | 'sold' | 'withdrawn' {
  if (mobile.stock > 0) return 'available';
  return mobile.imeiCheck?.device.status === 'blocked' ? 'withdrawn' : 'sold';
}
