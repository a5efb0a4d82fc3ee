import type { NetStore } from '../network/net-store.ts';
import { type KitBase, kitPart } from '../provider/kit-part.ts';
import { browserCallEnv } from './call-env.ts';
import { callSdkOf } from './call-port.ts';
import { CallStore } from './call-store.ts';

const OUTCOME_TEXT = {
  rejected: 'calls.lineRejected',
  busy: 'calls.lineBusy',
  timeout: 'calls.lineTimeout',
  cancelled: 'calls.lineCancelled',
  ended: 'calls.ended',
} as const;

/** Calls (decision 0039): the one call of this device, its dialogs and its media, over the SDK's signalling. */
export const callsPart = kitPart({
  name: 'calls',
  build: (kit: KitBase & { readonly net: NetStore }) => {
    const calls = new CallStore(
      callSdkOf(kit.chat),
      () => kit.chat.getLoginUser(),
      browserCallEnv(() => kit.t('calls.notification')),
    );
    // How a call ended is said once, in the toast and the live region (KCALL16).
    calls.onEnded = (outcome) => kit.toasts.show({ type: 'info', text: kit.t(OUTCOME_TEXT[outcome]) });
    calls.onPlaced = () => kit.deeds.report('call');
    return { calls };
  },
  attach: (kit) => [kit.calls.attach(), kit.net.onReconnected(() => kit.calls.reconnected())],
});
