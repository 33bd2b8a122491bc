import type { Booking } from '@recell/api';
import type { ReactNode } from 'react';

/**
 * A completed deal's reviews in a dialog: the deal boards (My Orders, My Buyers) leave it to the app, which
 * composes it from the reviews feature.
 */
export type RenderDealReview = (booking: Booking, onClose: () => void) => ReactNode;
