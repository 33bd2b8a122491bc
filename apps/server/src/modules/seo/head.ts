// The <head> tags of one page: title, description, canonical, robots, Open Graph, Twitter card and JSON-LD,
// each value escaped for where it goes.
import { escapeMarkup, scriptJson } from './xml';

export interface PageHead {
  /** The HTTP status the page answers with. */
  status: number;
  title: string;
  description: string;
  canonical?: string;
  /** Keep the page out of search results (a removed or sold-out listing). */
  noindex?: boolean;
  /** Open Graph (`og:*`, `product:*`) properties, in order. */
  openGraph?: [property: string, content: string][];
  /** Twitter card names, in order. */
  twitter?: [name: string, content: string][];
  jsonLd?: object;
  /** A same-origin picture that will be the page's largest paint: fetched with the HTML, not after the app runs. */
  preloadImage?: string;
  /** Data the page's first render reads, served as JSON under this element id (the seller's profile). */
  served?: { element: string; data: object };
}

export const SITE_NAME = 'ReCell';

/** Search results show about 160 characters of a description; a cut ends with an ellipsis. */
export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    `<meta name="description" content="${escapeMarkup(head.description)}" />`,
  ];
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  for (const [property, content] of head.openGraph ?? []) {
    tags.push(`<meta property="${escapeMarkup(property)}" content="${escapeMarkup(content)}" />`);
  }
  for (const [name, content] of head.twitter ?? []) {
    tags.push(`<meta name="${escapeMarkup(name)}" content="${escapeMarkup(content)}" />`);
  }
  if (head.preloadImage) {
    tags.push(
      `<link rel="preload" as="image" href="${escapeMarkup(head.preloadImage)}" fetchpriority="high" />`,
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  if (head.served) {
    tags.push(
      `<script type="application/json" id="${escapeMarkup(head.served.element)}">${scriptJson(head.served.data)}</script>`,
    );
  }
  return tags.join('\n    ');
}
