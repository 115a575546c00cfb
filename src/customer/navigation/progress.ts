/** The navigation progress bar's constants, exactly as specification §9 gives them. */
export const PROGRESS = {
  color: '#77b6ff',
  failedColor: '#e53935',
  heightPx: 2,
  /** Nominal time from 0 to 100 %: each tick adds tickMs / durationMs of the bar. */
  durationMs: 3000,
  tickMs: 100,
  /** Past this percentage the bar finishes by itself, even if the navigation is still going. */
  autoFinishAbove: 95,
  /** How long a finished (full) bar stays on screen before it fades away. */
  hideAfterMs: 300,
} as const;

export interface ProgressState {
  visible: boolean;
  percent: number;
  failed: boolean;
}

const HIDDEN: ProgressState = { visible: false, percent: 0, failed: false };

/**
 * The bar's clock, free of React: start() on navigation, finish() when it ends, fail() when it
 * ends in an error. Uses the global timers, so tests drive it with fake timers.
 */
export class ProgressController {
  private state: ProgressState = HIDDEN;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private hider: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  getState = (): ProgressState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** True between start() and the moment the bar reaches 100 %. */
  get running(): boolean {
    return this.ticker !== undefined;
  }

  start(): void {
    this.stopTimers();
    this.set({ visible: true, percent: 0, failed: false });
    const step = (100 * PROGRESS.tickMs) / PROGRESS.durationMs;
    this.ticker = setInterval(() => {
      this.set({ ...this.state, percent: Math.min(100, this.state.percent + step) });
      if (this.state.percent > PROGRESS.autoFinishAbove) this.complete(false);
    }, PROGRESS.tickMs);
  }

  /** The navigation ended well. Does nothing if the bar is not running (e.g. already auto-finished). */
  finish(): void {
    if (this.running) this.complete(false);
  }

  /** The navigation ended in an error: the bar fills in red, whether or not it was running. */
  fail(): void {
    this.complete(true);
  }

  private complete(failed: boolean): void {
    this.stopTimers();
    this.set({ visible: true, percent: 100, failed });
    this.hider = setTimeout(() => {
      this.hider = undefined;
      this.set(HIDDEN);
    }, PROGRESS.hideAfterMs);
  }

  private stopTimers(): void {
    clearInterval(this.ticker);
    clearTimeout(this.hider);
    this.ticker = undefined;
    this.hider = undefined;
  }

  private set(next: ProgressState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The app's one bar: the shell starts and finishes it, the error boundary fails it. */
export const navigationProgress = new ProgressController();
