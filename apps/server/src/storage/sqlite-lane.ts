import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

const RESOLVED = Promise.resolve();

/**
 * The one SQLite connection's turn-taking: whoever holds it runs alone; the others wait in arrival order. Kysely's
 * own SQLite driver has such a lock too, but reaching it costs a connection builder, a provider and four async
 * calls per use, about 3 KB of garbage per batch on the send path (bench/README.md, "The p99 at 2,000/s").
 */
export class SqliteLane {
  #busy = false;
  readonly #waiters: (() => void)[] = [];

  /** Whether a caller holds the connection, and how many wait for it (the pool metrics, MET9). */
  get busy(): boolean {
    return this.#busy;
  }
  get waiting(): number {
    return this.#waiters.length;
  }

  lock(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return RESOLVED;
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Called each time the connection is given back: the WAL checkpointer looks at the WAL's length (SP12). */
  onRelease: (() => void) | undefined;

  /** Hands the connection to the next waiter (it stays taken), or frees it. */
  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#busy = false;
    this.onRelease?.();
  }

  /**
   * Runs `fn` (synchronous: better-sqlite3) holding the connection: at once when it is free, so a lone send or page
   * read allocates nothing for the lock, else after the callers before it (rule SP10).
   */
  run<T>(fn: () => T): Promise<T> {
    if (!this.#busy) {
      this.#busy = true;
      try {
        return Promise.resolve(fn());
      } catch (err) {
        return Promise.reject(err);
      } finally {
        this.unlock();
      }
    }
    return this.lock().then(() => {
      try {
        return fn();
      } finally {
        this.unlock();
      }
    });
  }
}

/**
 * Kysely's SQLite driver with its connection taken through `lane`: Kysely's queries and transactions and the send
 * path's prepared statements (`lane.run`) share one queue, so a send batch never runs inside a Kysely transaction
 * nor one inside a batch. The inner driver's own lock is taken once, at init, and held until destroy.
 */
class LaneDriver implements Driver {
  #connection: DatabaseConnection | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly lane: SqliteLane,
  ) {}

  async init(): Promise<void> {
    await this.inner.init();
    this.#connection = await this.inner.acquireConnection();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lane.lock();
    if (!this.#connection) throw new Error('the SQLite driver is not initialised');
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.lane.unlock();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async destroy(): Promise<void> {
    if (this.#connection) await this.inner.releaseConnection(this.#connection);
    this.#connection = undefined;
    await this.inner.destroy();
  }
}

/** The SQLite dialect whose connection is taken through `lane` (see LaneDriver). */
export class LaneSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly lane: SqliteLane,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new LaneDriver(super.createDriver(), this.lane);
  }
}
