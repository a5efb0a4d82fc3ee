import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { chatTranslator } from '../i18n/index.ts';
import type { Translate } from '../i18n/translate.ts';
import { useKit } from '../provider/kit-context.ts';

/** The kit's translate function; components re-render when the i18next language changes. */
export function useT(): Translate {
  const { i18n } = useKit();
  const subscribe = useCallback(
    (listener: () => void) => {
      i18n.on('languageChanged', listener);
      return () => i18n.off('languageChanged', listener);
    },
    [i18n],
  );
  const language = useSyncExternalStore(subscribe, () => i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => chatTranslator(i18n, language), [i18n, language]);
}
