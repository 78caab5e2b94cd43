import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useAddressParams } from './use-address-params';

const PAGE_PARAM = 'page';

/**
 * A search box bound to a URL search parameter: `[inputValue, setInputValue, committedValue]`.
 * The input changes at once; the URL follows after `delayMs` without typing (replacing the history entry,
 * dropping the parameter when empty and going back to the first page). Back and forward update the input.
 */
export function useDebouncedSearchParam(
  name = 'search',
  delayMs = 500,
): [inputValue: string, setInputValue: Dispatch<SetStateAction<string>>, committedValue: string] {
  const [searchParams, setSearchParams] = useAddressParams();
  const committedValue = searchParams.get(name) ?? '';
  const [inputValue, setInputValue] = useState(committedValue);
  // The value this hook last put in the URL; any other committed value came from outside (back, forward, a link).
  const lastWrittenValue = useRef(committedValue);

  useEffect(() => {
    if (committedValue === lastWrittenValue.current) return;
    lastWrittenValue.current = committedValue;
    setInputValue(committedValue);
  }, [committedValue]);

  useEffect(() => {
    if (inputValue === committedValue) return;
    const timer = setTimeout(() => {
      lastWrittenValue.current = inputValue;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (inputValue) next.set(name, inputValue);
          else next.delete(name);
          next.delete(PAGE_PARAM);
          return next;
        },
        { replace: true },
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [inputValue, committedValue, name, delayMs, setSearchParams]);

  return [inputValue, setInputValue, committedValue];
}
