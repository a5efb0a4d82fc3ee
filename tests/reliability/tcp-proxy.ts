import net from 'node:net';
import type { Rand } from './lib/prng.ts';

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  stalled: boolean;
}

/**
 * A loopback TCP proxy in front of the server that injects network faults on command: cut every
 * connection or a random share of them (RST, as a dropped NAT entry or a dead Wi-Fi would), and stall
 * (stop forwarding both ways for a while, as a congested or sleeping link would, without closing).
 */
export class TcpProxy {
  private readonly links = new Set<Link>();
  private stallAllUntil = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  cuts = 0;
  stalls = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static start(targetPort: number): Promise<TcpProxy> {
    return new Promise((resolve, reject) => {
      let proxy: TcpProxy | undefined;
      const server = net.createServer((client) => proxy?.accept(client, targetPort));
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        proxy = new TcpProxy(server, typeof address === 'object' && address ? address.port : 0);
        resolve(proxy);
      });
    });
  }

  get connections(): number {
    return this.links.size;
  }

  private accept(client: net.Socket, targetPort: number): void {
    const upstream = net.connect(targetPort, '127.0.0.1');
    const link: Link = { client, upstream, stalled: false };
    this.links.add(link);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    this.forward(link, client, upstream);
    this.forward(link, upstream, client);
    const drop = () => {
      if (!this.links.delete(link)) return;
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) {
      s.on('error', drop);
      s.on('close', drop);
    }
    if (Date.now() < this.stallAllUntil) this.pauseLink(link);
  }

  /** Manual forwarding instead of pipe(): pipe resumes on 'drain' and would undo a stall. */
  private forward(link: Link, from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk: Buffer) => {
      if (to.write(chunk) || link.stalled) return;
      from.pause();
      to.once('drain', () => {
        if (!link.stalled) from.resume();
      });
    });
  }

  /** Cuts every open connection; returns how many. */
  cutAll(): number {
    return this.cutWhere(() => true);
  }

  /** Cuts each open connection with probability `share`. */
  cutRandom(share: number, rand: Rand): number {
    return this.cutWhere(() => rand() < share);
  }

  private cutWhere(chosen: () => boolean): number {
    let n = 0;
    for (const link of [...this.links]) {
      if (!chosen()) continue;
      this.links.delete(link);
      link.client.resetAndDestroy();
      link.upstream.destroy();
      n += 1;
    }
    this.cuts += n;
    return n;
  }

  /** Stops forwarding on every connection, new ones included, for `ms`. */
  stallAll(ms: number): void {
    this.stalls += 1;
    this.stallAllUntil = Date.now() + ms;
    const stalled = [...this.links];
    for (const link of stalled) this.pauseLink(link);
    this.later(ms, () => {
      for (const link of this.links) if (Date.now() >= this.stallAllUntil) this.resumeLink(link);
    });
  }

  /** Stops forwarding on a random share of the open connections for `ms`. */
  stallRandom(ms: number, share: number, rand: Rand): void {
    this.stalls += 1;
    const chosen = [...this.links].filter(() => rand() < share);
    for (const link of chosen) this.pauseLink(link);
    this.later(ms, () => {
      for (const link of chosen) if (Date.now() >= this.stallAllUntil) this.resumeLink(link);
    });
  }

  /** Ends every stall now. */
  heal(): void {
    this.stallAllUntil = 0;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const link of this.links) this.resumeLink(link);
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private pauseLink(link: Link): void {
    link.stalled = true;
    link.client.pause();
    link.upstream.pause();
  }

  private resumeLink(link: Link): void {
    link.stalled = false;
    link.client.resume();
    link.upstream.resume();
  }

  async close(): Promise<void> {
    this.heal();
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
