import { ERRORS } from '@parley/protocol';
import { ChatError } from './errors.ts';

/**
 * APIs callable before SDK_READY (reference §2.1). Every other public method rejects with the last not-ready
 * reason. Listed here, not scattered, so adding a method cannot silently skip the check.
 */
export const READY_WHITELIST: ReadonlySet<string> = new Set([
  'login',
  'logout',
  'getLoginUser',
  'destroy',
  'on',
  'off',
  'once',
  'ready',
  'setLogLevel',
  'joinGroup',
  'quitGroup',
  'registerPlugin',
  'use',
  'getGroupOnlineMemberCount',
  'isReady',
  'addSignalingListener',
  'removeSignalingListener',
  'callExperimentalAPI',
]);

/** The not-ready reasons of reference §2.1: the last one wins until the next successful login. */
export const NOT_READY_REASON = {
  DEFAULT: ERRORS.SDK_IS_NOT_READY.code,
  LOGIN_FAILED: ERRORS.LOGIN_FAILED.code,
  LOGGED_OUT: ERRORS.LOGGED_OUT.code,
  KICKED_OUT_USERSIG_EXPIRED: ERRORS.KICKED_OUT_USERSIG_EXPIRED.code,
} as const;

export function notReadyError(api: string, reason: number): ChatError {
  return new ChatError(reason, `Call it after the SDK_READY event | ${api} | SDK is not ready`);
}

/** Invalid parameters throw synchronously, as TIM does, so the mistake surfaces at the call site. */
export function assertParams(valid: boolean, api: string, tip: string): asserts valid {
  if (!valid) {
    console.error(`[parley] ${api}: ${tip}`);
    throw new Error('Params validate failed.');
  }
}
