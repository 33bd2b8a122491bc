import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastQueue } from './toast-queue';

describe('ToastQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes a success after the timeout but keeps an error until closed', () => {
    const queue = new ToastQueue({ timeout: 1000 });
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.success('Saved');
    vi.advanceTimersByTime(1000);
    expect(queue.getSnapshot()).toEqual([]);

    const errorId = queue.error('Payment failed');
    vi.advanceTimersByTime(10_000);
    expect(queue.getSnapshot().map((toast) => toast.title)).toEqual(['Payment failed']);

    queue.close(errorId);
    expect(queue.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('shows one toast at a time, the newest', () => {
    const queue = new ToastQueue({ timeout: 1000 });
    queue.error('Payment failed');
    queue.success('Booking confirmed');
    expect(queue.getSnapshot().map((toast) => toast.title)).toEqual(['Booking confirmed']);
    // the replaced toast's timer does not close the newer one early
    vi.advanceTimersByTime(500);
    queue.info('Link copied');
    vi.advanceTimersByTime(600);
    expect(queue.getSnapshot().map((toast) => toast.title)).toEqual(['Link copied']);
    vi.advanceTimersByTime(400);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('keeps the same snapshot when nothing changed', () => {
    const queue = new ToastQueue();
    const before = queue.getSnapshot();
    queue.close(42);
    expect(queue.getSnapshot()).toBe(before);
  });

  it('stops notifying after unsubscribe', () => {
    const queue = new ToastQueue();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    unsubscribe();
    queue.info('Hello');
    expect(listener).not.toHaveBeenCalled();
  });
});
