import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadDialog = () => import('./logout-dialog.tsx');
const LogoutDialogButton = lazy(loadDialog);

/**
 * 'Log out' in the shared header (UI8). A plain button until first used: the logout dialog is antd's, and the chat
 * page's first load must not pull antd in (GUIDE §2, at most 250 KB of JavaScript before the chat is usable). Pointing
 * at the button starts loading it, so the dialog opens without a visible wait.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const [armed, setArmed] = useState(false);
  const plain = (
    <button
      type="button"
      className="app-header__logout"
      onClick={() => setArmed(true)}
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      data-testid="logout-button"
    >
      {t('logout.button')}
    </button>
  );
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <LogoutDialogButton />
    </Suspense>
  );
}
