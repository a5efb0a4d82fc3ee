import type { ChatSDK } from '@parley/chat';
import TencentCloudChat from '@parley/chat';
import type { i18n as I18n } from 'i18next';

/**
 * `PORTAL_LANGUAGE` of the protocol package, repeated here: importing the package's index into the app shell pulled
 * its schemas into the first load (+17 KB gzipped). The unit test checks the two stay equal.
 */
export const PROFILE_LANGUAGE = { ZH: 1, EN: 2 } as const;

/**
 * Keeps the logged-in user's chat profile `language` equal to the language the app shows (PROFILE_LANGUAGE: 1 zh,
 * 2 en), so what the server writes to the user (an application status notice, PCP15) is in the user's language.
 * Written when the chat becomes ready and on every switch, only when it differs; a failure changes nothing visible.
 */
export function syncProfileLanguage(chat: ChatSDK, i18n: Pick<I18n, 'on' | 'resolvedLanguage'>): void {
  const wanted = () => (i18n.resolvedLanguage === 'en' ? PROFILE_LANGUAGE.EN : PROFILE_LANGUAGE.ZH);
  const sync = async () => {
    if (!chat.isReady()) return;
    try {
      const { data } = await chat.getMyProfile();
      const language = wanted();
      if (data.language !== language) await chat.updateMyProfile({ language });
    } catch (err) {
      console.warn('[parley] could not save the language to the profile', err);
    }
  };
  chat.on(TencentCloudChat.EVENT.SDK_READY, () => void sync());
  i18n.on('languageChanged', () => void sync());
}
