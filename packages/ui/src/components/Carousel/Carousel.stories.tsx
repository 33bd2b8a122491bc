import type { Meta, StoryObj } from '@storybook/react-vite';
import { mobiles } from '@recell/api/fixtures';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Carousel, type CarouselSlide } from './Carousel';

const slides: CarouselSlide[] = [
  {
    id: 'sell',
    title: 'Sell the phone in your drawer',
    description: 'List it in two minutes and meet buyers near you.',
    image: mobiles[0]!.picture,
    alt: 'Illustration of a Xiaomi phone',
  },
  {
    id: 'verified',
    title: 'Buy from verified sellers',
    description: 'Look for the Verified badge.',
    image: mobiles[3]!.picture,
    alt: 'Illustration of a Samsung phone',
  },
  {
    id: 'pay',
    title: 'Pay safely by card',
    description: 'Your booking is marked paid the moment the payment clears.',
    image: mobiles[6]!.picture,
    alt: 'Illustration of an iPhone',
  },
];

const meta = {
  title: 'Components/Carousel',
  component: Carousel,
  args: {
    'aria-label': 'ReCell highlights',
    slides,
    actions: (
      <div style={{ display: 'flex', gap: 8 }}>
        <Button>Log In</Button>
        <Button variant="secondary">Register</Button>
      </div>
    ),
  },
} satisfies Meta<typeof Carousel>;
export default meta;
type Story = StoryObj<typeof meta>;

function current(canvasElement: HTMLElement): string | null {
  const shown = canvasElement.querySelector('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  return shown?.getAttribute('aria-label') ?? null;
}

export const Buttons: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getAllByRole('group', { hidden: true })).toHaveLength(3);
    await expect(current(canvasElement)).toBe('1 of 3');
    await expect(canvas.getByRole('heading', { name: slides[0]!.title })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await expect(current(canvasElement)).toBe('2 of 3');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    // wraps around from the first to the last
    await expect(current(canvasElement)).toBe('3 of 3');
  },
};

export const ArrowKeys: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Log In' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(current(canvasElement)).toBe('3 of 3');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(current(canvasElement)).toBe('2 of 3');
    // hidden slides are inert: their contents cannot take focus
    const hidden = canvasElement.querySelectorAll('[aria-roledescription="slide"][aria-hidden="true"]');
    for (const slide of hidden) await expect(slide).toHaveAttribute('inert');
  },
};

export const AutoPlay: Story = {
  args: { autoPlayMs: 300 },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await waitFor(() => expect(current(canvasElement)).toBe('2 of 3'), { timeout: 1000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Pause slides' }));
    const paused = current(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(current(canvasElement)).toBe(paused);
    await expect(canvas.getByRole('button', { name: 'Play slides' })).toBeVisible();
  },
};

/** With prefers-reduced-motion, autoplay is off and there is no pause button to need. */
export const AutoPlayWithReducedMotion: Story = {
  args: { autoPlayMs: 200 },
  beforeEach: () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => {
      const result = original.call(window, query);
      if (!query.includes('prefers-reduced-motion')) return result;
      // the real list (so listeners work), reporting that less motion is asked for
      return new Proxy(result, {
        get: (target, key) => {
          if (key === 'matches') return true;
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    };
    return () => {
      window.matchMedia = original;
    };
  },
  play: async ({ canvas, canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(current(canvasElement)).toBe('1 of 3');
    await expect(canvas.queryByRole('button', { name: 'Pause slides' })).not.toBeInTheDocument();
  },
};
