import { Carousel, type CarouselSlide } from '@recell/ui/Carousel';
import { LinkButton } from '@recell/ui/LinkButton';
import * as styles from './home.css';

/**
 * A phone drawn in the slide's two colours, as an SVG data URL (the CSP admits data: images; no hot-links). It
 * is only a phone outline with a blank screen, so the slides' alt texts say no more than that.
 */
function phoneArt(dark: string, light: string, shift: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240">
<rect width="320" height="240" rx="16" fill="${light}"/>
<rect x="${110 + shift}" y="36" width="100" height="176" rx="16" fill="${dark}"/>
<rect x="${118 + shift}" y="50" width="84" height="142" rx="8" fill="#ffffff" opacity="0.9"/>
<circle cx="${160 + shift}" cy="202" r="4" fill="#ffffff"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const slides: CarouselSlide[] = [
  {
    id: 'fair',
    title: 'Used phones, fairly sold',
    description: 'Every listing shows its price, condition and years of use up front.',
    image: phoneArt('#0f766e', '#99f6e4', 0),
    alt: 'Illustration: a dark teal phone with a blank screen, upright on a light teal background',
  },
  {
    id: 'meet',
    title: 'Meet the seller, then pay safely',
    description: 'Book a phone, meet where it suits you, and pay by card when you are happy.',
    image: phoneArt('#b45309', '#fde68a', 10),
    alt: 'Illustration: a burnt-orange phone with a blank screen, upright on a pale yellow background',
  },
  {
    id: 'sell',
    title: 'Sell the phone in your drawer',
    description: 'List it in a minute, advertise it on the home page, and see who booked it.',
    image: phoneArt('#334155', '#cbd5e1', 20),
    alt: 'Illustration: a slate-grey phone with a blank screen, upright and right of centre on a light grey background',
  },
];

/**
 * The design system's carousel with the home page's three slides (§2): Log In and Register for a visitor; a
 * signed-in user has no use for them, so the hero leads to the phones instead. The page that places it knows the
 * session (features do not import each other).
 */
export function WelcomeHero({ signedIn }: { signedIn: boolean }) {
  return (
    <Carousel
      aria-label="Welcome"
      slides={slides}
      actions={
        <div className={styles.actions}>
          {signedIn ? (
            <LinkButton href="/search">Find a phone</LinkButton>
          ) : (
            <>
              <LinkButton href="/login">Log In</LinkButton>
              <LinkButton href="/register" variant="secondary">
                Register
              </LinkButton>
            </>
          )}
        </div>
      }
    />
  );
}
