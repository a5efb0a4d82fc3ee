import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError } from './admin-api.ts';
import { errorText } from './error-text.ts';

/** Runs a console call and tells the reader how it went, in their language (a toast in an aria-live region). */
export function useAction() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    async <T>(run: () => Promise<T>, done?: string): Promise<T | undefined> => {
      try {
        const result = await run();
        if (done) void message.success(done);
        return result;
      } catch (err) {
        void message.error(err instanceof ConsoleError ? errorText(t, err) : t('admin.error.network'));
        return undefined;
      }
    },
    [message, t],
  );
}
