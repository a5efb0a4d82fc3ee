import TencentCloudChat from '@parley/chat';
import { useSyncExternalStore } from 'react';
import i18n from '../i18n/index.ts';
import { MyProfileStore } from './my-profile-store.ts';
import { portalApi } from './portal-api.ts';
import { syncProfileLanguage } from './profile-language.ts';
import { SessionStore } from './session-store.ts';

/** Parley runs one application per server; the SDKAppID only keys the SDK's singleton. */
export const PARLEY_APP_ID = 1;

export const chat = TencentCloudChat.create({ SDKAppID: PARLEY_APP_ID });
export const sessionStore = new SessionStore(portalApi, chat);
const myProfileStore = new MyProfileStore(chat);
// The server writes status notices in the profile's language (PCP15).
syncProfileLanguage(chat, i18n);

export function useSession() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

export function useMyProfile() {
  return useSyncExternalStore(myProfileStore.subscribe, myProfileStore.getSnapshot);
}

export { type Credentials, PORTAL_ERROR, PortalError } from './portal-api.ts';
export type { SessionSnapshot } from './session-store.ts';
