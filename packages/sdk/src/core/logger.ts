/** TIM log levels (reference §2.2): 0 verbose, 1 release, 2 warn, 3 error, 4 none. */
export const LOG_LEVEL = { VERBOSE: 0, RELEASE: 1, WARN: 2, ERROR: 3, NONE: 4 } as const;
export type LogLevel = (typeof LOG_LEVEL)[keyof typeof LOG_LEVEL];

/** One logger per SDK instance, so two instances can log at different levels. */
export class Logger {
  #level: LogLevel = LOG_LEVEL.RELEASE;

  setLevel(level: number): void {
    if (Number.isInteger(level) && level >= LOG_LEVEL.VERBOSE && level <= LOG_LEVEL.NONE) {
      this.#level = level as LogLevel;
    }
  }

  get level(): LogLevel {
    return this.#level;
  }

  debug(...args: unknown[]): void {
    if (this.#level <= LOG_LEVEL.VERBOSE) console.debug('[parley]', ...args);
  }

  info(...args: unknown[]): void {
    if (this.#level <= LOG_LEVEL.RELEASE) console.info('[parley]', ...args);
  }

  warn(...args: unknown[]): void {
    if (this.#level <= LOG_LEVEL.WARN) console.warn('[parley]', ...args);
  }

  error(...args: unknown[]): void {
    if (this.#level <= LOG_LEVEL.ERROR) console.error('[parley]', ...args);
  }
}
