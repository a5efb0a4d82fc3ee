import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../session/use-logout.tsx';

/**
 * The logout control once antd's dialog code is loaded: the session's logout flow (confirm, log out, redirect).
 * Mounted by the first click on the header's button, which it opens the dialog for; later clicks come here directly.
 */
export default function LogoutDialogButton() {
  const { t } = useTranslation();
  const { logout, contextHolder } = useLogout();
  const opened = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The click that loaded this chunk asked for the dialog; StrictMode's second effect run must not ask again.
    if (opened.current) return;
    opened.current = true;
    // This button replaced the plain one that was pressed, and focus went with it: put it here, so the dialog gives it
    // back to this button when it closes (UI19).
    if (document.activeElement === document.body) button.current?.focus();
    logout();
  }, [logout]);
  return (
    <>
      {contextHolder}
      <button ref={button} type="button" className="app-header__logout" onClick={logout} data-testid="logout-button">
        {t('logout.button')}
      </button>
    </>
  );
}
