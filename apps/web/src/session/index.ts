import TencentCloudChat from '@parley/chat';
import { useSyncExternalStore } from 'react';
import { MyProfileStore } from './my-profile-store.ts';
import { portalApi } from './portal-api.ts';
import { SessionStore } from './session-store.ts';

/** Parley runs one application per server; the SDKAppID only keys the SDK's singleton. */
export const PARLEY_APP_ID = 1;

export const chat = TencentCloudChat.create({ SDKAppID: PARLEY_APP_ID });
export const sessionStore = new SessionStore(portalApi, chat);
const myProfileStore = new MyProfileStore(chat);

export function useSession() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

export function useMyProfile() {
  return useSyncExternalStore(myProfileStore.subscribe, myProfileStore.getSnapshot);
}

export { type Credentials, PORTAL_ERROR, PortalError } from './portal-api.ts';
export type { SessionSnapshot } from './session-store.ts';
