import net from 'node:net';

/**
 * A TCP proxy the test controls, in front of PostgreSQL: `stall()` stops forwarding in both
 * directions (and holds new connections), as a frozen or unreachable server looks to a client;
 * `resume()` lets everything through again.
 */
export class StallingProxy {
  private server: net.Server;
  private pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  private stalled = false;
  private held: Array<() => void> = [];
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  stall(): void {
    this.stalled = true;
    for (const pair of this.pairs) {
      pair.client.pause();
      pair.upstream?.pause();
    }
  }

  resume(): void {
    this.stalled = false;
    for (const pair of this.pairs) {
      pair.client.resume();
      pair.upstream?.resume();
    }
    this.held.splice(0).forEach((connect) => connect());
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    const pair: { client: net.Socket; upstream: net.Socket | null } = { client, upstream: null };
    this.pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(this.target.port, this.target.host);
      pair.upstream = upstream;
      upstream.on('error', () => client.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.stalled) {
        client.pause();
        upstream.pause();
      }
    };
    if (this.stalled) {
      client.pause();
      this.held.push(connect);
    } else connect();
  }
}
