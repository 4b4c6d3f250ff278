/**
 * Runs tasks of one key one after another (tasks of different keys run freely). The jobs service
 * decides an owner's releases under it: two decisions for one owner never read the same free slot
 * at once, which would publish more of their jobs than the limit allows.
 */
export class KeyedSerializer {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget the key once its last task is done, so the map holds only owners at work.
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
