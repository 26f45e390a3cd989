import { type ComponentType, lazy } from 'react';

type Module = { default: ComponentType };

/**
 * A component whose code loads on demand (React.lazy), and `preload` to fetch that code ahead of
 * the first render. Once preloaded, React.lazy is handed a thenable that resolves in the same tick,
 * so it renders the component at once instead of suspending: a pre-rendered page then hydrates
 * whole, its markup kept (main.tsx, docs/performance.md "Pre-rendering").
 */
export function lazyWithPreload(load: () => Promise<Module>): {
  Component: ComponentType;
  preload: () => Promise<ComponentType>;
} {
  let loaded: Module | undefined;
  const Component = lazy(() => (loaded ? resolvedAtOnce(loaded) : load()));
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module.default;
    });
  return { Component, preload };
}

function resolvedAtOnce(module: Module): Promise<Module> {
  // biome-ignore lint/suspicious/noThenProperty: React.lazy must see the module in the same tick
  return { then: (resolve: (value: Module) => void) => resolve(module) } as Promise<Module>;
}
