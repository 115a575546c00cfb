/** Thrown by a bounded Semaphore when its waiting queue is full: the caller is refused at once. */
export class SemaphoreFullError extends Error {
  constructor() {
    super('Too many tasks are waiting');
  }
}

/** Runs at most `limit` tasks at once; up to `maxWaiting` more wait in order, and the rest are refused. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Infinity,
  ) {}

  /** Tasks running and waiting now. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new SemaphoreFullError();
      // The finishing task hands its slot over (active is not decremented), so no newcomer can jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
