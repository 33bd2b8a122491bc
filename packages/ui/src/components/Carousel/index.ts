export { Carousel, type CarouselProps, type CarouselSlide } from './Carousel';
export { useReducedMotion } from './use-reduced-motion';
