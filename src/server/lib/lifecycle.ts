/**
 * Where this process is in its life, for what answers outside it: the readiness check says "not
 * ready" from the moment a shutdown begins to drain, so a load balancer stops sending requests
 * while those under way finish (main's graceful shutdown, lib/shutdown.ts).
 */
export class Lifecycle {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  beginDrain(): void {
    this.drainingSince ??= Date.now();
  }
}
