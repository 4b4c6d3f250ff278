/**
 * Runs tasks of one key one after another; tasks of different keys run freely. The subscription
 * service changes one user's subscription under it, so a plan change and the sweeper's roll-over
 * of the same subscription never decide from the same state (which would tell the payment
 * provider about a change that then fails to save).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget the key once its last task is done, so the map holds only users being changed.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
