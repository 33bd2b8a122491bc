// What the site's footer links to and says; the design system's Footer lays it out.
import { brands } from '@recell/api';
import type { FooterProps } from '@recell/ui/Footer';
import { Mail, MessageCircle, Rss } from 'lucide-react';

export const footerContent: FooterProps = {
  columns: [
    { title: 'About', links: [{ href: '/about', label: 'About ReCell' }] },
    {
      title: 'Blog',
      links: [
        { href: '/blogs', label: 'Buying guides' },
        // what a popular model really sold for: a way in to the public price pages
        { href: '/prices/samsung-galaxy-s21', label: 'Galaxy S21 price guide' },
      ],
    },
    { title: 'Products', links: brands.map(({ id, name }) => ({ href: `/category/${id}`, label: name })) },
    { title: 'Contact', links: [{ href: 'mailto:hello@recell.test', label: 'hello@recell.test' }] },
  ],
  tagline: 'Used phones, checked and sold by people near you.',
  social: [
    { href: 'mailto:hello@recell.test', label: 'Email ReCell', icon: Mail },
    { href: '/blogs', label: 'ReCell blog', icon: Rss },
    { href: '/about#community', label: 'ReCell community', icon: MessageCircle },
  ],
  note: '© ReCell. Prices in US dollars.',
};
