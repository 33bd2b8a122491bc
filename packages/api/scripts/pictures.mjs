// Draws the seed listings' pictures (4:3 SVG illustrations, no hot-links) into src/fixtures/pictures/.
// Run by hand when a seed listing is added; a test checks every seed listing has its picture.
import { mkdir, writeFile } from 'node:fs/promises';

const phones = [
  ['m-xiaomi-redmi-note-12', 'Redmi Note 12', '#3d4450', '#ff6900', 'bar'],
  ['m-xiaomi-13t', 'Xiaomi 13T', '#5b8fc9', '#ff6900', 'bar'],
  ['m-xiaomi-poco-x5', 'Poco X5 Pro', '#e8c547', '#ff6900', 'bar'],
  ['m-samsung-s21', 'Galaxy S21', '#5a5d63', '#1428a0', 'bar'],
  ['m-samsung-a54', 'Galaxy A54', '#c9e27a', '#1428a0', 'bar'],
  ['m-samsung-z-flip4', 'Galaxy Z Flip4', '#b7a3d6', '#1428a0', 'flip'],
  ['m-apple-iphone-13', 'iPhone 13', '#1f2430', '#6e6e73', 'bar'],
  ['m-apple-iphone-12-mini', 'iPhone 12 mini', '#c8102e', '#6e6e73', 'mini'],
  ['m-apple-iphone-14-pro', 'iPhone 14 Pro', '#4b3b5c', '#6e6e73', 'bar'],
];

function svg([, name, body, brand, shape]) {
  const h = shape === 'mini' ? 380 : shape === 'flip' ? 200 : 440;
  const w = shape === 'flip' ? 220 : 220;
  const x = 290;
  const y = (600 - h) / 2 - 20;
  const screen =
    shape === 'flip'
      ? `<rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h - 28}" rx="16" fill="#0f1720"/>
  <rect x="${x + 30}" y="${y + 30}" width="70" height="50" rx="10" fill="url(#glass)"/>`
      : `<rect x="${x + 12}" y="${y + 12}" width="${w - 24}" height="${h - 24}" rx="22" fill="url(#glass)"/>
  <rect x="${x + w / 2 - 30}" y="${y + 22}" width="60" height="12" rx="6" fill="#0f1720"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" aria-label="${name}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2f4"/><stop offset="1" stop-color="#dfe6ea"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#134e4a"/></linearGradient>
  </defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <ellipse cx="400" cy="${y + h + 30}" rx="150" ry="14" fill="#000" opacity=".12"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="32" fill="${body}"/>
  ${screen}
  <rect x="${x + w}" y="${y + 90}" width="5" height="60" rx="2" fill="${body}"/>
  <text x="400" y="${y + h + 72}" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="30" font-weight="600" fill="#1f2937">${name}</text>
  <rect x="40" y="40" width="14" height="14" rx="3" fill="${brand}"/>
</svg>
`;
}

const dir = new URL('../src/fixtures/pictures/', import.meta.url);
await mkdir(dir, { recursive: true });
for (const phone of phones) await writeFile(new URL(`${phone[0]}.svg`, dir), svg(phone));
console.log(`wrote ${phones.length} pictures`);
