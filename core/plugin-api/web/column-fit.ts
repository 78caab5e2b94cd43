/**
 * How many of a table's optional columns fit, decided one column at a time from the table as the browser laid it out:
 * only the browser knows how wide a cell must be to hold its longest word, so the table is measured after each change.
 */
export interface ColumnFitInput {
  /** Optional columns shown now: always the first ones in priority order. */
  shown: number;
  optionalCount: number;
  /** The table's laid-out width and the width of the frame around it, in CSS pixels. */
  tableWidth: number;
  availableWidth: number;
  /** `widthNeeded[n]`: how wide the table was when `n` optional columns did not fit; absent until that was seen. */
  widthNeeded: readonly (number | undefined)[];
}

export interface ColumnFitStep {
  shown: number;
  /** Set when this step found that `count` optional columns need a table `width` pixels wide. */
  measured?: { count: number; width: number };
}

/** Sub-pixel rounding between the two widths is not an overflow. */
const ROUNDING_TOLERANCE_PX = 1;

/**
 * One step towards the widest set of columns that fits: a table wider than its frame gives up its lowest-priority
 * column, and one that fits takes the next column back unless that column is known not to fit at this width.
 * Repeated until the answer stops changing, it settles: a column that overflowed is retried only once the frame has
 * grown to the width it needed.
 */
export function columnFitStep({ shown, optionalCount, tableWidth, availableWidth, widthNeeded }: ColumnFitInput): ColumnFitStep {
  // A frame that is not laid out (hidden, not yet attached) says nothing about what fits.
  if (availableWidth <= 0) return { shown };
  if (tableWidth > availableWidth + ROUNDING_TOLERANCE_PX) {
    return shown > 0 ? { shown: shown - 1, measured: { count: shown, width: tableWidth } } : { shown };
  }
  const next = shown + 1;
  const knownNeed = widthNeeded[next] ?? 0;
  return next <= optionalCount && knownNeed <= availableWidth ? { shown: next } : { shown };
}
