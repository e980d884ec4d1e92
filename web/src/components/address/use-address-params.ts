// The address's query parameters, changed from the address as it is when the change lands. React Router's own
// `setSearchParams(fn)` hands `fn` the parameters of the last render, and the router renders a navigation in a
// transition: a second change made before that render (two toggles clicked back to back, text typed just after a
// toggle) would start from the old parameters and undo the first. Reading `window.location` here does not lag:
// the router writes the history entry before it renders.
import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

export function useAddressParams(): [
  URLSearchParams,
  (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
      setParams(() => change(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, update];
}
