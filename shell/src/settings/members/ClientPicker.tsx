import { Checkbox, Classes, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useClientOptions, type LinkedClient } from './members-api';

const SEARCH_DEBOUNCE_MS = 250;

function useDebouncedValue(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** What the list says when it shows nothing, or nothing more than the chosen clients. */
function emptyListText(state: { failed: boolean; loading: boolean; searching: boolean; matches: number; chosen: number }) {
  if (state.failed) return 'The clients could not be loaded.';
  if (state.loading) return 'Loading clients...';
  if (state.matches > 0) return null;
  if (state.searching) return state.chosen > 0 ? 'No other client matches this search.' : 'No client matches this search.';
  return state.chosen > 0 ? null : 'This workspace has no clients yet.';
}

interface ClientPickerProps {
  workspaceId: string;
  selected: LinkedClient[];
  onChange: (clients: LinkedClient[]) => void;
  disabled?: boolean;
}

/**
 * The clients a CLIENT member stands for: the chosen ones stay listed (checked) whatever the search, followed by the
 * workspace's clients that match it.
 */
export function ClientPicker({ workspaceId, selected, onChange, disabled = false }: ClientPickerProps) {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useClientOptions(workspaceId, debouncedSearch);
  const selectedIds = new Set(selected.map((client) => client.externalId));
  const matches = (options.data ?? []).filter((client) => !selectedIds.has(client.externalId));

  const toggle = (client: LinkedClient, checked: boolean) =>
    onChange(checked ? [...selected, client] : selected.filter((chosen) => chosen.externalId !== client.externalId));

  const emptyText = emptyListText({
    failed: Boolean(options.error),
    loading: options.isPending,
    searching: debouncedSearch !== '',
    matches: matches.length,
    chosen: selected.length,
  });

  return (
    <fieldset className="client-picker" disabled={disabled}>
      <legend className="client-picker__legend">Clients</legend>
      <p className={`client-picker__hint ${Classes.TEXT_MUTED}`}>A client member sees only the records of the clients chosen here.</p>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder="Search clients..."
        aria-label="Search clients"
        value={search}
        onValueChange={setSearch}
        disabled={disabled}
      />
      <div className="client-picker__options" aria-busy={options.isFetching}>
        {[...selected, ...matches].map((client) => (
          <Checkbox
            key={client.externalId}
            label={client.name}
            checked={selectedIds.has(client.externalId)}
            onChange={(event) => toggle(client, event.currentTarget.checked)}
          />
        ))}
        {emptyText && (
          <p className={`client-picker__empty ${Classes.TEXT_MUTED}`} role="status">
            {emptyText}
          </p>
        )}
      </div>
      <p className={`client-picker__count ${Classes.TEXT_MUTED}`} aria-live="polite">
        {selected.length === 0 ? 'No client chosen' : selected.length === 1 ? '1 client chosen' : `${selected.length} clients chosen`}
      </p>
    </fieldset>
  );
}
