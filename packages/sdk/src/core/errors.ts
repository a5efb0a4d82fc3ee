import { ERRORS, type ErrorName, ParleyError } from '@parley/protocol';

/** What every SDK promise resolves with (reference §2.4). */
export interface ChatResponse<T> {
  code: 0;
  data: T;
}

/**
 * The rejection value of every SDK promise: an Error with `code`, `message` and `data` (default `{}`), as the TIM
 * SDK rejects. It is a ParleyError so server codes and SDK codes come from one catalogue.
 */
export class ChatError extends ParleyError {
  constructor(code: number, message?: string, data: Record<string, unknown> = {}) {
    super(code, message, data);
    this.name = 'ChatError';
  }

  static from(name: ErrorName, message?: string, data?: Record<string, unknown>): ChatError {
    return new ChatError(ERRORS[name].code, message ?? ERRORS[name].message, data);
  }
}

/** Builds the success envelope; `data` falls back to `{}` like TIM's internal helper. */
export function ok<T>(data: T): ChatResponse<T> {
  return { code: 0, data: data ?? ({} as T) };
}

/** Anything thrown inside the SDK leaves it as a ChatError; unknown failures become 2903 (reference §2.4). */
export function toChatError(err: unknown): ChatError {
  if (err instanceof ChatError) return err;
  if (err instanceof ParleyError) return new ChatError(err.code, err.message, err.data);
  const message = err instanceof Error ? err.message : String(err);
  return ChatError.from('UNCAUGHT_ERROR', `${ERRORS.UNCAUGHT_ERROR.message}: ${message}`);
}
