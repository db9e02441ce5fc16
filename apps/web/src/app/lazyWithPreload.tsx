import { type ComponentType, lazy } from 'react';

/**
 * React.lazy that the route preloader (routePreload.ts) can start before React reaches it: once its module has
 * arrived the component renders it directly, without suspending. Every suspension costs a reveal that React
 * throttles to 300 ms, and a runtime page used to suspend twice in a row (the shell, then the page itself).
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  function preload(): Promise<ComponentType<P>> {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  }
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, as React.lazy is.
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
