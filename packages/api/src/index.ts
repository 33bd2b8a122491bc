export type { components, operations, paths } from './generated/schema';
export { ApiError, createApiClient, unwrap, type ApiClientOptions, type ErrorBody } from './client';
export { MAX_OPEN_BOOKINGS, SEARCH_RESULT_CAP, searchWords } from './rules';

import type { components } from './generated/schema';
type Schemas = components['schemas'];
export type Mobile = Schemas['Mobile'];
export type PublicMobile = Schemas['PublicMobile'];
export type NewMobile = Schemas['NewMobile'];
export type MobileUpdate = Schemas['MobileUpdate'];
export type Advertised = Schemas['Advertised'];
export type Booking = Schemas['Booking'];
export type WishlistItem = Schemas['WishlistItem'];
export type Report = Schemas['Report'];
export type User = Schemas['User'];
export type Role = Schemas['Role'];
export type Blog = Schemas['Blog'];
export type Category = Schemas['Category'];
export type CategoryId = Schemas['CategoryId'];
