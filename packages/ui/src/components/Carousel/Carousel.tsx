import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import * as styles from './Carousel.css';
import { useReducedMotion } from './use-reduced-motion';

export interface CarouselSlide {
  id: string;
  title: string;
  description?: string;
  /** An illustration the project owns. */
  image: string;
  alt: string;
}

export interface CarouselProps {
  'aria-label': string;
  slides: CarouselSlide[];
  /** Advance every this many ms. Off by default, and always off when reduced motion is asked for. */
  autoPlayMs?: number;
  /** Calls to action under the slides (Log In, Register). */
  actions?: ReactNode;
}

/**
 * A slide show (WAI-ARIA carousel pattern): previous/next buttons, Left/Right arrow keys anywhere inside,
 * hidden slides are inert, and the position is announced politely unless it is playing by itself.
 */
export function Carousel({ slides, autoPlayMs, actions, ...props }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const canAutoPlay = Boolean(autoPlayMs) && !reducedMotion;
  const playing = canAutoPlay && !paused;

  const go = (step: number) => setIndex((current) => (current + step + count) % count);

  useEffect(() => {
    if (!playing || !autoPlayMs) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), autoPlayMs);
    return () => clearInterval(timer);
  }, [playing, autoPlayMs, count]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      go(event.key === 'ArrowRight' ? 1 : -1);
    }
  };

  return (
    // Arrow keys pressed on any control inside move the slides (keys bubble from the focused button);
    // the section itself never takes focus, so it needs no interactive role.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <section {...props} aria-roledescription="carousel" className={styles.carousel} onKeyDown={onKeyDown}>
      <div
        className={styles.track}
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={playing ? 'off' : 'polite'}
      >
        {slides.map((slide, position) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            aria-hidden={position !== index}
            inert={position !== index}
            className={styles.slide}
          >
            <img className={styles.picture} src={slide.image} alt={slide.alt} width={400} height={300} />
            <div>
              <h2 className={styles.title}>{slide.title}</h2>
              {slide.description && <p className={styles.description}>{slide.description}</p>}
            </div>
          </div>
        ))}
      </div>
      <div className={styles.footer}>
        <div>{actions}</div>
        <div className={styles.controls}>
          {canAutoPlay && (
            <Button
              variant="secondary"
              size="icon"
              aria-label={paused ? 'Play slides' : 'Pause slides'}
              onPress={() => setPaused((value) => !value)}
            >
              {paused ? <Play aria-hidden size={18} /> : <Pause aria-hidden size={18} />}
            </Button>
          )}
          <Button variant="secondary" size="icon" aria-label="Previous slide" onPress={() => go(-1)}>
            <ChevronLeft aria-hidden />
          </Button>
          <span className={styles.position} aria-hidden>
            {index + 1} / {count}
          </span>
          <Button variant="secondary" size="icon" aria-label="Next slide" onPress={() => go(1)}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
    </section>
  );
}
