import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router-dom';

export type AddressParamsChange = URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit);

/**
 * The address's search parameters and a setter whose function form starts from the address as it is now. The
 * router's own setter hands the function the parameters of the last render, so two changes made before the page
 * renders again (a filter cleared and a column sorted at once, on a busy phone) would keep only the second.
 */
export function useAddressParams(): [URLSearchParams, (change: AddressParamsChange, options?: NavigateOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const updateSearchParams = useCallback(
    (change: AddressParamsChange, options?: NavigateOptions) =>
      setSearchParams(typeof change === 'function' ? change(new URLSearchParams(window.location.search)) : change, options),
    [setSearchParams],
  );
  return [searchParams, updateSearchParams];
}
