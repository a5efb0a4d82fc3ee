import { NOT_READY_REASON } from '../core/guard.ts';

/** Who is logged in and whether the SDK is ready; shared by the modules of one SDK instance. */
export class AuthState {
  userID = '';
  userSig = '';
  ready = false;
  loggingIn = false;
  notReadyReason: number = NOT_READY_REASON.DEFAULT;

  /** Credentials first: the initial sync needs them before the SDK may call itself ready. */
  adopt(userID: string, userSig: string): void {
    this.userID = userID;
    this.userSig = userSig;
  }

  clear(reason: number): void {
    this.userID = '';
    this.userSig = '';
    this.ready = false;
    this.notReadyReason = reason;
  }
}
