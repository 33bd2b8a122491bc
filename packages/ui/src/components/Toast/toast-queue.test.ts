import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastQueue } from './toast-queue';

describe('ToastQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes successes after the timeout but keeps errors until closed', () => {
    const queue = new ToastQueue({ timeout: 1000 });
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.success('Saved');
    const errorId = queue.error('Payment failed');
    expect(queue.getSnapshot().map((toast) => toast.tone)).toEqual(['success', 'error']);

    vi.advanceTimersByTime(1000);
    expect(queue.getSnapshot().map((toast) => toast.title)).toEqual(['Payment failed']);

    queue.close(errorId);
    expect(queue.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(4);
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
