// React.lazy with a preload handle. Once a page's chunk has loaded the page renders directly, without
// suspending: React 19 holds a revealed Suspense boundary for at least 300 ms after its fallback
// showed, so a chunk fetched ahead of time (see routes.tsx) must not pass through a fallback.
import { lazy, type ComponentType, type JSX } from 'react';

export interface LazyPage<Props extends object> {
  (props: Props): JSX.Element;
  /** Starts loading the page's chunk (once); resolves when it is ready. */
  preload: () => Promise<void>;
}

export function lazyPage<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;

  const start = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // let a later render try again (e.g. after a network blip)
        throw error;
      },
    ));

  const Suspending = lazy(start);

  function Page(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }

  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}
