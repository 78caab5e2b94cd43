import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useAddressParams, useDebouncedSearchParam } from '@axal/web-sdk/ui';
import { CLIENT_TYPES, type ClientType } from '../../../../core/clients/schemas';
import { CLIENT_TYPE_LABELS } from '../clients-api';

const TYPE_PARAM = 'type';
const SEARCH_DEBOUNCE_MS = 500;

const isClientType = (value: string | null): value is ClientType => CLIENT_TYPES.some((type) => type === value);

/** The search text and client type, both kept in the URL (`search`, `type`) so a filtered list can be shared. */
export function useClientFilters() {
  const [searchParams, setSearchParams] = useAddressParams();
  const [searchInput, setSearchInput, committedSearch] = useDebouncedSearchParam('search', SEARCH_DEBOUNCE_MS);
  const typeParam = searchParams.get(TYPE_PARAM);
  const type: ClientType | '' = isClientType(typeParam) ? typeParam : '';
  const setType = (next: ClientType | '') =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set(TYPE_PARAM, next);
        else params.delete(TYPE_PARAM);
        return params;
      },
      { replace: true },
    );
  return { searchInput, setSearchInput, committedSearch, type, setType };
}

export function ClientFilters({ filters }: { filters: ReturnType<typeof useClientFilters> }) {
  return (
    <div className="client-filters" role="search">
      <InputGroup
        className="client-filters__search"
        type="search"
        leftIcon="search"
        placeholder="Search clients..."
        aria-label="Search clients"
        value={filters.searchInput}
        onValueChange={filters.setSearchInput}
        maxLength={100}
      />
      <HTMLSelect
        aria-label="Client type"
        value={filters.type}
        onChange={(event) => filters.setType(isClientType(event.currentTarget.value) ? event.currentTarget.value : '')}
      >
        <option value="">All Types</option>
        <option value="INDIVIDUAL">{CLIENT_TYPE_LABELS.INDIVIDUAL}</option>
        <option value="BUSINESS">{CLIENT_TYPE_LABELS.BUSINESS}</option>
      </HTMLSelect>
    </div>
  );
}
