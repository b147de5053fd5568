/**
 * Answers of reads, kept for as long as the change counter stays where it was when they were read.
 *
 * Every write to a project or a task takes the next counter value inside its transaction
 * (`nextChangeSeq`), so an answer read at value V stays exact while the counter still reads V, whichever
 * server instance wrote. Checking costs one read of a one-row table instead of the query and its JSON
 * (a 1,000-task project is ~600 KiB built per call otherwise).
 *
 * As soon as a newer value is seen, every entry is dropped: none of them can be served again. The cache
 * is bounded by size, the least recently used entries going first; a zero size turns it off.
 */
export class ChangeKeyedCache<T> {
  private readonly entries = new Map<string, { value: T; size: number }>();
  private seq = -1;
  private size = 0;

  /** `maxSize` in the unit the callers give with each entry (UTF-16 code units for text answers). */
  constructor(private readonly maxSize: number) {}

  /** The answer stored under `key` if it was read at `seq`, the counter value the caller just read. */
  get(key: string, seq: number): T | undefined {
    this.advance(seq);
    if (seq !== this.seq) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is insertion order: moving the entry to the end keeps the oldest-used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores an answer read at `seq` (taken from the same snapshot as the answer). */
  set(key: string, seq: number, value: T, size: number): void {
    this.advance(seq);
    // An answer of an older snapshot than another already seen is stale; one larger than a quarter of
    // the budget would push out everything else.
    if (seq !== this.seq || size > this.maxSize / 4) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.size -= previous.size;
    }
    this.entries.set(key, { value, size });
    this.size += size;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxSize) break;
      this.entries.delete(oldest);
      this.size -= entry.size;
    }
  }

  /** Entries and their total size, for tests and diagnostics. */
  stats(): { entries: number; size: number; seq: number } {
    return { entries: this.entries.size, size: this.size, seq: this.seq };
  }

  private advance(seq: number): void {
    if (seq <= this.seq) return;
    this.entries.clear();
    this.size = 0;
    this.seq = seq;
  }
}
