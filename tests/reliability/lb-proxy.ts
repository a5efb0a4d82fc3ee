import net from 'node:net';

/**
 * A loopback TCP load balancer in front of several server nodes, as HAProxy in `mode tcp` with `balance
 * leastconn` (the usual choice for long-lived WebSockets, docs/DEPLOY.md) would be: each new connection goes to the
 * node with the fewest open connections; a node that refuses the connection (killed, restarting) is skipped, so
 * clients reach whichever node is up. When a node dies, its connections close with it and the clients reconnect
 * through here to another.
 */
export class LbProxy {
  private next = 0;
  /** Open connections per upstream port. */
  private readonly open = new Map<number, Set<net.Socket>>();
  private readonly sockets = new Set<net.Socket>();
  /** Connections handed to each upstream port, for the summary. */
  readonly served = new Map<number, number>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
    private readonly upstreams: readonly number[],
  ) {}

  static start(upstreams: readonly number[]): Promise<LbProxy> {
    return new Promise((resolve, reject) => {
      let proxy: LbProxy | undefined;
      const server = net.createServer((client) => proxy?.accept(client));
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        proxy = new LbProxy(server, typeof address === 'object' && address ? address.port : 0, upstreams);
        resolve(proxy);
      });
    });
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    this.connect(client, new Set());
  }

  /** The untried upstream with the fewest open connections; ties go round-robin. */
  private choose(tried: ReadonlySet<number>): number | undefined {
    let best: number | undefined;
    for (let i = 0; i < this.upstreams.length; i += 1) {
      const port = this.upstreams[(this.next + i) % this.upstreams.length] ?? 0;
      if (tried.has(port)) continue;
      if (best === undefined || this.load(port) < this.load(best)) best = port;
    }
    this.next += 1;
    return best;
  }

  private load(port: number): number {
    return this.open.get(port)?.size ?? 0;
  }

  /** Tries the upstreams, least loaded first; after every one refused, drops the client (as a proxy would). */
  private connect(client: net.Socket, tried: Set<number>): void {
    const port = this.choose(tried);
    if (port === undefined || client.destroyed) {
      client.destroy();
      return;
    }
    tried.add(port);
    const upstream = net.connect(port, '127.0.0.1');
    this.sockets.add(upstream);
    const refused = () => {
      upstream.destroy();
      this.connect(client, tried);
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      this.served.set(port, (this.served.get(port) ?? 0) + 1);
      client.setNoDelay(true);
      upstream.setNoDelay(true);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      for (const s of [client, upstream]) {
        s.on('error', drop);
        s.on('close', drop);
      }
      const links = this.open.get(port) ?? new Set<net.Socket>();
      this.open.set(port, links);
      links.add(client);
      client.once('close', () => links.delete(client));
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on('close', () => this.sockets.delete(upstream));
  }

  /**
   * Closes half of node `index`'s connections, as an operator drains links to even out the nodes after one came
   * back: those clients reconnect, and least-connections sends them to the emptier node.
   */
  async rebalance(index: number): Promise<void> {
    const links = [...(this.open.get(this.upstreams[index] ?? 0) ?? [])];
    for (const [i, client] of links.entries()) if (i % 2 === 0) client.destroy();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
