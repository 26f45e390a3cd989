import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound, for components with props
type Module<T extends ComponentType<any>> = { default: T };

/**
 * A component whose code loads on demand (React.lazy), and `preload` to fetch that code ahead of
 * the first render. Once preloaded, React.lazy is handed a thenable that resolves in the same tick,
 * so it renders the component at once instead of suspending: a page drawn on the server then
 * hydrates whole, its markup kept (main.tsx, docs/performance.md "Pre-rendering"), and the server
 * draws it whole (entry-server.tsx).
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
export function lazyWithPreload<T extends ComponentType<any> = ComponentType>(
  load: () => Promise<Module<T>>,
): {
  Component: LazyExoticComponent<T>;
  preload: () => Promise<T>;
} {
  let loaded: Module<T> | undefined;
  const Component = lazy(() => (loaded ? resolvedAtOnce(loaded) : load()));
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module.default;
    });
  return { Component, preload };
}

// biome-ignore lint/suspicious/noExplicitAny: as above
function resolvedAtOnce<T extends ComponentType<any>>(module: Module<T>): Promise<Module<T>> {
  // biome-ignore lint/suspicious/noThenProperty: React.lazy must see the module in the same tick
  return { then: (resolve: (value: Module<T>) => void) => resolve(module) } as Promise<Module<T>>;
}
