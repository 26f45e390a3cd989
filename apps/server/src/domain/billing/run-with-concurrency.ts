/**
 * Runs `task` for each item, at most `concurrency` at once, each item exactly once, in order of
 * taking. The first error stops the others taking more items; the tasks in flight finish, then that
 * error is thrown (the monthly run's steps are resumable, so the next run does what is left).
 */
export async function runWithConcurrency<T>({
  items,
  concurrency,
  task,
}: {
  items: readonly T[];
  concurrency: number;
  task: (item: T) => Promise<void>;
}): Promise<void> {
  let next = 0;
  let stopped = false;
  async function worker() {
    while (!stopped && next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  }
  const workers = Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, () =>
    worker().catch((error: unknown) => {
      stopped = true;
      throw error;
    }),
  );
  const failure = (await Promise.allSettled(workers)).find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
