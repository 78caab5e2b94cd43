import { Button, Classes, HTMLSelect, HTMLTable, Icon } from '@blueprintjs/core';
import { Fragment, useId, useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { columnFitStep } from '../column-fit';
import { ErrorState, type ErrorStateProps } from './States';
import { StatusMessage, VISUALLY_HIDDEN_CLASS } from './StatusMessage';
import './data-table.css';

export interface DataTableColumn<Row> {
  /** Unique among the table's columns. */
  id: string;
  /** The column's name: its header, and the label of its value in a row's details. */
  header: string;
  /** Shown in the header cell in place of the name, e.g. a select-all checkbox. */
  headerContent?: ReactNode;
  /** The name is for screen readers only (a column of checkboxes needs no visible title). */
  hideHeader?: boolean;
  /**
   * `primary` columns are always in the table. The others are shown while they fit, 1 before 2 and so on; a column
   * that does not fit moves into each row's details, opened by the row's disclosure button.
   */
  priority: 'primary' | number;
  cell: (row: Row) => ReactNode;
  /** The narrowest the column may be, in pixels: for text that reads badly a word per line, such as names. */
  minWidth?: number;
  /** Keeps the value on one line: codes, dates, amounts, phone numbers. */
  nowrap?: boolean;
  /** Class of the column's body cells (and of its value in a row's details). */
  className?: string;
  /** Its header is a button that sorts the rows by it, when the table is given `sort`. */
  sortable?: boolean;
}

export type DataTableSortOrder = 'asc' | 'desc';

/** The order the rows are in, and what a click on a sortable header asks for (the caller sorts, usually on the server). */
export interface DataTableSort {
  columnId: string;
  order: DataTableSortOrder;
  onSortChange: (columnId: string) => void;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  /** The rows to show; a new array tells the table its content changed, so keep it stable between renders. */
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Names a row for its details button ("Details of <label>"). */
  rowLabel: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  /** Placeholder rows, announced as loading, instead of the rows. */
  loading?: boolean;
  skeletonRows?: number;
  /** Shown instead of the table when the rows could not be loaded. */
  error?: ErrorStateProps;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The rows shown are about to be replaced (a new page is on its way). */
  busy?: boolean;
  className?: string;
  /** Makes the `sortable` columns' headers buttons, the sorted one marked with `aria-sort`. */
  sort?: DataTableSort;
}

const DEFAULT_SKELETON_ROWS = 5;

const NOWRAP_CLASS = 'data-table__cell--nowrap';

function cellClass<Row>(column: DataTableColumn<Row>): string | undefined {
  return [column.nowrap && NOWRAP_CLASS, column.className].filter(Boolean).join(' ') || undefined;
}

/**
 * The SDK's table for every list page. It keeps the columns that fit the width it is given, primary ones always, and
 * moves the others into a row's details; a cell is never narrower than its longest word, and when even the primary
 * columns are wider than the screen the table scrolls inside its frame, never the page.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowClassName,
  loading = false,
  skeletonRows = DEFAULT_SKELETON_ROWS,
  error,
  empty,
  busy = false,
  className,
  sort,
}: DataTableProps<Row>) {
  const detailsIdPrefix = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const primary = columns.filter((column) => column.priority === 'primary');
  const optional = columns
    .filter((column): column is DataTableColumn<Row> & { priority: number } => column.priority !== 'primary')
    .sort((a, b) => a.priority - b.priority);
  const { frameRef, tableRef, shownOptional } = useColumnFit(optional.length, loading ? null : rows);

  if (error)
    return (
      <TableState>
        <ErrorState {...error} />
      </TableState>
    );
  if (!loading && rows.length === 0) return <TableState>{empty}</TableState>;

  const shownIds = new Set([...primary, ...optional.slice(0, shownOptional)].map((column) => column.id));
  const visible = columns.filter((column) => shownIds.has(column.id));
  const hidden = optional.slice(shownOptional);
  const hasDetails = hidden.length > 0;
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div ref={frameRef} className={['data-table', className].filter(Boolean).join(' ')}>
      {sort && hidden.some((column) => column.sortable) && <SortControls columns={columns.filter((column) => column.sortable)} sort={sort} />}
      {loading && <StatusMessage>Loading...</StatusMessage>}
      <HTMLTable ref={tableRef} className="data-table__table" aria-label={label} aria-busy={loading || busy}>
        <thead>
          <tr>
            {visible.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={column.nowrap ? NOWRAP_CLASS : undefined}
                style={{ minWidth: column.minWidth }}
                aria-sort={sort && column.sortable ? ariaSortOf(sort, column.id) : undefined}
              >
                {sort && column.sortable ? (
                  <SortButton column={column} sort={sort} />
                ) : (
                  (column.headerContent ?? (column.hideHeader ? <span className={VISUALLY_HIDDEN_CLASS}>{column.header}</span> : column.header))
                )}
              </th>
            ))}
            {hasDetails && (
              <th scope="col" className="data-table__toggle">
                <span className={VISUALLY_HIDDEN_CLASS}>Details</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} aria-hidden="true" data-placeholder-row>
                  {visible.map((column) => (
                    <td key={column.id}>
                      <div className={`${Classes.SKELETON} data-table__skeleton`} />
                    </td>
                  ))}
                  {hasDetails && <td className="data-table__toggle" />}
                </tr>
              ))
            : rows.map((row, index) => {
                const key = rowKey(row);
                const isExpanded = hasDetails && expanded.has(key);
                const detailsId = `${detailsIdPrefix}-details-${index}`;
                const rowClass = rowClassName?.(row);
                return (
                  <Fragment key={key}>
                    <tr className={rowClass}>
                      {visible.map((column) => (
                        <td key={column.id} className={cellClass(column)} style={{ minWidth: column.minWidth }}>
                          {column.cell(row)}
                        </td>
                      ))}
                      {hasDetails && (
                        <td className="data-table__toggle">
                          <Button
                            variant="minimal"
                            icon={isExpanded ? 'chevron-up' : 'chevron-down'}
                            aria-label={`Details of ${rowLabel(row)}`}
                            aria-expanded={isExpanded}
                            // Only an open panel exists to point at.
                            aria-controls={isExpanded ? detailsId : undefined}
                            onClick={() => toggle(key)}
                          />
                        </td>
                      )}
                    </tr>
                    {isExpanded && (
                      <tr id={detailsId} className={['data-table__details-row', rowClass].filter(Boolean).join(' ')}>
                        <td colSpan={visible.length + 1}>
                          <RowDetails columns={hidden} row={row} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function ariaSortOf(sort: DataTableSort, columnId: string): 'ascending' | 'descending' | 'none' {
  if (sort.columnId !== columnId) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

/** A sortable column's header: the column's name and an arrow showing the order; `aria-sort` on the cell tells the order. */
function SortButton<Row>({ column, sort }: { column: DataTableColumn<Row>; sort: DataTableSort }) {
  const active = sort.columnId === column.id;
  const icon = !active ? 'double-caret-vertical' : sort.order === 'asc' ? 'caret-up' : 'caret-down';
  return (
    <button type="button" className="data-table__sort" onClick={() => sort.onSortChange(column.id)}>
      {column.header}
      <Icon icon={icon} size={12} className={active ? undefined : Classes.TEXT_MUTED} aria-hidden="true" />
    </button>
  );
}

const DEFAULT_ORDER = '';

/**
 * "Sort by" above the table while a sortable column is in the rows' details (a phone's width), whose header could
 * otherwise not be clicked: the same choices as the headers, and a button reversing the order.
 */
function SortControls<Row>({ columns, sort }: { columns: readonly DataTableColumn<Row>[]; sort: DataTableSort }) {
  const selectId = useId();
  const active = columns.find((column) => column.id === sort.columnId);
  const orderName = sort.order === 'asc' ? 'Ascending' : 'Descending';
  return (
    <div className="data-table__sort-controls">
      <label htmlFor={selectId}>Sort by</label>
      <HTMLSelect
        id={selectId}
        value={active?.id ?? DEFAULT_ORDER}
        onChange={(event) => {
          if (event.currentTarget.value !== DEFAULT_ORDER) sort.onSortChange(event.currentTarget.value);
        }}
      >
        {!active && (
          <option value={DEFAULT_ORDER} disabled>
            Default order
          </option>
        )}
        {columns.map((column) => (
          <option key={column.id} value={column.id}>
            {column.header}
          </option>
        ))}
      </HTMLSelect>
      {active && (
        <Button
          variant="minimal"
          icon={sort.order === 'asc' ? 'caret-up' : 'caret-down'}
          text={orderName}
          aria-label={`${orderName}, reverse the order`}
          onClick={() => sort.onSortChange(active.id)}
        />
      )}
    </div>
  );
}

/** The values of a row's hidden columns, under their names; a column with nothing to show for the row is left out. */
function RowDetails<Row>({ columns, row }: { columns: readonly DataTableColumn<Row>[]; row: Row }) {
  const details = columns
    .map((column) => ({ column, value: column.cell(row) }))
    .filter(({ value }) => value !== null && value !== undefined && value !== false);
  return (
    <dl className="data-table__details">
      {details.map(({ column, value }) => (
        <div key={column.id} className="data-table__detail">
          <dt className={Classes.TEXT_MUTED}>{column.header}</dt>
          <dd className={column.className}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const TableState = ({ children }: { children: ReactNode }) => <div className="data-table__state">{children}</div>;

/**
 * Measures the table whenever its rows, its columns or its width (or its frame's) change, showing one more or one fewer
 * optional column until the table fits its frame. Renders caused by a step happen before the browser paints.
 */
function useColumnFit(optionalCount: number, content: unknown) {
  const [frame, frameRef] = useState<HTMLDivElement | null>(null);
  const [table, tableRef] = useState<HTMLTableElement | null>(null);
  const [shown, setShown] = useState(optionalCount);
  const [resizeCount, remeasure] = useReducer((count: number) => count + 1, 0);
  const widthNeeded = useRef<(number | undefined)[]>([]);
  const measuredContent = useRef<unknown>(content);
  const shownOptional = Math.min(shown, optionalCount);

  useLayoutEffect(() => {
    if (!frame || !table) return;
    // New rows may have longer or shorter words: what was learnt about the old ones no longer holds.
    if (measuredContent.current !== content) {
      measuredContent.current = content;
      widthNeeded.current = [];
    }
    const step = columnFitStep({
      shown: shownOptional,
      optionalCount,
      tableWidth: table.getBoundingClientRect().width,
      availableWidth: frame.clientWidth,
      widthNeeded: widthNeeded.current,
    });
    if (step.measured) widthNeeded.current[step.measured.count] = step.measured.width;
    if (step.shown !== shownOptional) setShown(step.shown);
  }, [frame, table, content, shownOptional, optionalCount, resizeCount]);

  useLayoutEffect(() => {
    if (!frame || !table) return;
    let measuredWidths = '';
    const observer = new ResizeObserver(() => {
      // Only widths matter: a table growing taller (rows added, details opened) fits as it did.
      const widths = `${frame.clientWidth}:${table.getBoundingClientRect().width}`;
      if (widths !== measuredWidths) {
        measuredWidths = widths;
        remeasure();
      }
    });
    observer.observe(frame);
    observer.observe(table);
    return () => observer.disconnect();
  }, [frame, table]);

  return { frameRef, tableRef, shownOptional };
}
