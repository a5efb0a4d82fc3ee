import { NOT_READY_REASON } from '../core/guard.ts';

/** Who is logged in and whether the SDK is ready; shared by the modules of one SDK instance. */
export class AuthState {
  userID = '';
  userSig = '';
  /** True from the moment SDK_READY is emitted until the session ends (CMP1): `isReady()`. */
  ready = false;
  /** True once login() has resolved for the current session, before SDK_READY follows in a later task (CMP1). */
  established = false;
  loggingIn = false;
  notReadyReason: number = NOT_READY_REASON.DEFAULT;
  /** Bumped whenever a session starts or ends, so work scheduled for one session never acts on another. */
  session = 0;

  /** Credentials first: the initial sync needs them before the SDK may call itself ready. */
  adopt(userID: string, userSig: string): void {
    this.session += 1;
    this.userID = userID;
    this.userSig = userSig;
  }

  clear(reason: number): void {
    this.session += 1;
    this.userID = '';
    this.userSig = '';
    this.ready = false;
    this.established = false;
    this.notReadyReason = reason;
  }
}
