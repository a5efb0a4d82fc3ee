import { type KitBase, kitPart } from '../provider/kit-part.ts';
import { PersonalDataKit } from './personal-data-kit.ts';

/** Personal data (decision 0051): the archive and account deletion on the Me tab. */
export const personalDataPart = kitPart({
  name: 'personalData',
  build: (kit: KitBase) => ({
    personalData: new PersonalDataKit({
      chat: kit.chat,
      t: (key, options) => kit.t(key, options),
      toast: (text) => kit.toasts.error(text),
    }),
  }),
});
