import { Button, Checkbox, InputGroup, PopoverNext, PopupKind, Tag } from '@blueprintjs/core';
import type { NoticeFilters } from '../../../shared/wire';
import { chipsOf, FILTER_GROUPS, type FilterGroup } from './list-params';

interface FiltersBarProps {
  filters: NoticeFilters;
  searchInput: string;
  onSearchInput: (value: string) => void;
  onToggle: (group: FilterGroup, value: string) => void;
  /** Shown only when a filter or a search is set. */
  onClearAll?: () => void;
}

/** Spec 2 section 2.9's filters bar: the search, a multi-select per group, a removable chip per chosen value, Clear all. */
export function FiltersBar({ filters, searchInput, onSearchInput, onToggle, onClearAll }: FiltersBarProps) {
  const chips = chipsOf(filters);
  return (
    <div className="notices-filters" role="search" aria-label="Filter notices">
      <div className="notices-filters__controls">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Search notices..."
          aria-label="Search notices"
          value={searchInput}
          onValueChange={onSearchInput}
          className="notices-filters__search"
        />
        {(Object.keys(FILTER_GROUPS) as FilterGroup[]).map((group) => (
          <MultiSelectFilter key={group} group={group} chosen={filters[group]} onToggle={onToggle} />
        ))}
        {onClearAll && <Button variant="minimal" icon="filter-remove" text="Clear all" onClick={onClearAll} />}
      </div>
      {chips.length > 0 && (
        <ul className="notices-chips" aria-label="Chosen filters">
          {chips.map((chip) => (
            <li key={`${chip.group}-${chip.value}`} className="notices-chip">
              <Tag minimal round intent="primary" className="notices-chip__tag">
                {chip.label}
              </Tag>
              <Button
                variant="minimal"
                size="small"
                icon="cross"
                aria-label={`Remove ${chip.label}`}
                title={`Remove ${chip.label}`}
                onClick={() => onToggle(chip.group, chip.value)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A button opening the group's values as checkboxes; its text counts the chosen ones. */
function MultiSelectFilter({ group, chosen, onToggle }: { group: FilterGroup; chosen: readonly string[]; onToggle: FiltersBarProps['onToggle'] }) {
  const { title, values, labels } = FILTER_GROUPS[group];
  const options = (
    <fieldset className="notices-multiselect">
      <legend className="notices-multiselect__legend">{title}</legend>
      {values.map((value) => (
        <Checkbox
          key={value}
          label={labels[value]}
          checked={chosen.includes(value)}
          onChange={() => onToggle(group, value)}
          className="notices-multiselect__option"
        />
      ))}
    </fieldset>
  );
  return (
    <PopoverNext
      content={options}
      popupKind={PopupKind.DIALOG}
      placement="bottom-start"
      arrow={false}
      popoverClassName="notices-multiselect__popover"
    >
      <Button endIcon="caret-down" text={chosen.length > 0 ? `${title} (${chosen.length})` : title} />
    </PopoverNext>
  );
}
