import type { TableChanges, WatchedTable } from './table-changes';

/**
 * Values read from some core tables, kept in this process until one of those tables changes (`TableChanges`). A
 * value whose read overlapped a change is answered but not kept, and nothing is kept while changes cannot be heard.
 * Holds at most `maxEntries`, dropping the oldest first. Values are shared by every reader, so they are frozen.
 */
export class TableCache<V> {
  private readonly entries = new Map<string, V>();
  /** Moves on at every change: a read that began under an older generation may hold data from before it. */
  private generation = 0;

  constructor(
    private readonly changes: TableChanges,
    tables: readonly WatchedTable[],
    private readonly maxEntries: number,
  ) {
    changes.onChange((table) => {
      if (table === null || tables.includes(table)) {
        this.generation += 1;
        this.entries.clear();
      }
    });
  }

  /** The kept value of `key`, or `load()`'s (kept when it is not undefined). */
  async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined) this.keep(generation, [[key, value]]);
    return value;
  }

  /**
   * The values of `ids` within `scope` (a workspace), the kept ones from memory and the others through one
   * `loadMissing` call, which answers those it found (an id it leaves out is answered as missing and not kept).
   */
  async readMany(scope: number, ids: readonly number[], loadMissing: (missing: number[]) => Promise<Map<number, V>>): Promise<Map<number, V>> {
    const found = new Map<number, V>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.entries.get(`${scope}:${id}`);
      if (kept === undefined) missing.push(id);
      else found.set(id, kept);
    }
    if (!missing.length) return found;
    const generation = this.generation;
    const loaded = await loadMissing(missing);
    this.keep(
      generation,
      [...loaded].map(([id, value]): [string, V] => [`${scope}:${id}`, value]),
    );
    for (const [id, value] of loaded) found.set(id, value);
    return found;
  }

  private keep(readUnder: number, values: Iterable<[string, V]>): void {
    if (readUnder !== this.generation || !this.changes.isLive) return;
    for (const [key, value] of values) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, Object.freeze(value));
    }
  }
}
