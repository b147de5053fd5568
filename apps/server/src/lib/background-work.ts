/**
 * Work that goes on after the answer has been sent (a reset link's token and mail). Nobody awaits it,
 * so its failures are handed to `onError` (logged) rather than lost; `idle()` lets shutdown and tests
 * wait until it has all finished.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  run(work: () => Promise<unknown>): void {
    const job: Promise<void> = Promise.resolve()
      .then(work)
      .then(() => undefined, this.onError)
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  async idle(): Promise<void> {
    await Promise.all(this.pending);
  }
}
