// robots.txt: the public pages are crawlable; the dashboard and the API are not, except the public reads the
// public pages render from (Googlebot renders the SPA and obeys robots.txt for every fetch it makes, so a
// blanket Disallow: /api/ would leave a listing page empty for it). The longest matching rule wins.
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    'Allow: /api/mobile/',
    'Allow: /api/advertise',
    'Allow: /api/blogs',
    'Allow: /api/categorymobiles',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
