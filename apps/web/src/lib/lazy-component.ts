import { createElement, lazy, useState, type ReactNode } from 'react';

type Component<Props> = (props: Props) => ReactNode;
/** A component whose module loads on first render, and how to load it before. */
export type LazyComponent<Props> = Component<Props> & { preload: () => Promise<unknown> };

/**
 * A component whose module's chunk loads when it is first drawn (a lazy component), or before: once `preload`
 * has brought it, it renders at once instead of suspending. A fallback, once shown, holds the page back 300 ms
 * (React's throttle), so what the first paint needs is preloaded (main.tsx, the route table).
 */
export function lazyComponent<Props>(load: () => Promise<Component<Props>>): LazyComponent<Props> {
  let loaded: Component<Props> | undefined;
  let loading: Promise<Component<Props>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Loaded(props: Props) {
    // chosen once per mount: switching from the lazy to the component would mount it anew
    const [shown] = useState<Component<Props>>(() => loaded ?? Lazy);
    return createElement(shown as Component<object>, props as object);
  }
  return Object.assign(Loaded, { preload });
}
