import { Button } from '@recell/ui/Button';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { button, secondaryButton } from '../../../components/styles.css';
import * as styles from './home.css';

interface Slide {
  title: string;
  text: string;
  alt: string;
  colors: [string, string];
}

export const slides: Slide[] = [
  {
    title: 'Used phones, fairly sold',
    text: 'Every listing shows its price, condition and years of use up front.',
    alt: 'Illustration: a teal phone with a price tag',
    colors: ['#0f766e', '#99f6e4'],
  },
  {
    title: 'Meet the seller, then pay safely',
    text: 'Book a phone, meet where it suits you, and pay by card when you are happy.',
    alt: 'Illustration: two phones side by side with a handshake between them',
    colors: ['#b45309', '#fde68a'],
  },
  {
    title: 'Sell the phone in your drawer',
    text: 'List it in a minute, advertise it on the home page, and see who booked it.',
    alt: 'Illustration: a phone rising out of an open drawer',
    colors: ['#334155', '#cbd5e1'],
  },
];

function SlideArt({ slide, index }: { slide: Slide; index: number }) {
  const [dark, light] = slide.colors;
  return (
    <svg viewBox="0 0 320 220" className={styles.slideArt} role="img" aria-label={slide.alt}>
      <rect width="320" height="220" rx="16" fill={light} />
      <rect x={110 + index * 10} y="30" width="100" height="170" rx="16" fill={dark} />
      <rect x={118 + index * 10} y="44" width="84" height="138" rx="8" fill="#ffffff" opacity="0.9" />
      <circle cx={160 + index * 10} cy="192" r="4" fill="#ffffff" />
    </svg>
  );
}

/** Three slides with Log In and Register, and previous/next arrows (§2). */
export function Carousel() {
  const [current, setCurrent] = useState(0);
  const slide = slides[current] ?? slides[0]!;
  const go = (step: number) => setCurrent((index) => (index + step + slides.length) % slides.length);
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Welcome">
      <div
        className={styles.slide}
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} of ${slides.length}`}
      >
        <div>
          <h1>{slide.title}</h1>
          <p>{slide.text}</p>
          <div className={styles.actions}>
            <Link href="/login" className={button}>
              Log In
            </Link>
            <Link href="/register" className={secondaryButton}>
              Register
            </Link>
          </div>
        </div>
        <SlideArt slide={slide} index={current} />
      </div>
      <div className={styles.controls}>
        <Button variant="secondary" onPress={() => go(-1)} aria-label="Previous slide">
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="secondary" onPress={() => go(1)} aria-label="Next slide">
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
