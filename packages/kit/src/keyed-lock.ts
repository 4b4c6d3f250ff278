/**
 * Runs tasks of one key one after another (tasks of different keys run freely). The jobs service
 * decides an owner's releases under it (two decisions for one owner never read the same free slot
 * at once); the subscription service changes one user's subscription under it (a plan change and
 * the sweeper's roll-over never decide from the same state).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget the key once its last task is done, so the map holds only keys at work.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task queued or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
