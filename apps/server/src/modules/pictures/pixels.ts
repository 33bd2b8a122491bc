// How many pixels a picture may have, read from its header before anything is decoded. The output is at most
// 1600 px a side, so decoding more than twice that (3200 x 3200, about 41 MB as RGBA) only costs memory and
// time. PNG has no reduced-size decoding: every pixel of the file is decoded, so its header is capped there
// (a real photo that large as PNG would be over 5 MB anyway; what is left is bait like a flat 7000x7000 PNG).
// JPEG and WebP are decoded at 1/2, 1/4 or 1/8 size when that still covers 1600 px (sharp's shrink-on-load):
// up to 12,800 px a side the decoded picture stays under 3200 px a side, and beyond that it is 1/64 of the
// header, so a 64 MP cap (48 and 50 MP phone cameras fit) keeps every decode under the same 10 MP.
import { HttpError } from '../../http/errors';

export const FULL = 1600;
export const MAX_PNG_PIXELS = (2 * FULL) ** 2;
export const MAX_SCALED_PIXELS = 64_000_000;

/** The header-pixel cap for a format (also given to sharp as `limitInputPixels`, so sharp enforces it too). */
export const maxPixels = (format: 'jpeg' | 'png' | 'webp') =>
  format === 'png' ? MAX_PNG_PIXELS : MAX_SCALED_PIXELS;

/** 413 with the limit in words when the header's dimensions are over the format's cap. */
export function checkPixels(format: 'jpeg' | 'png' | 'webp', width: number, height: number): void {
  const limit = maxPixels(format);
  if (width * height <= limit) return;
  const side = Math.floor(Math.sqrt(limit));
  const label = format === 'png' ? 'a PNG' : 'a JPEG or WebP picture';
  throw new HttpError(
    413,
    `The picture is too large (${width} x ${height} pixels): ${label} may have at most ` +
      `${Math.round(limit / 1e6)} megapixels, such as ${side} x ${side}`,
  );
}
