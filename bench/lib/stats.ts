/** One line of the results table in bench/README.md. */
export interface BenchRow {
  name: string;
  value: string;
}

/** The p-th percentile of an ascending list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
