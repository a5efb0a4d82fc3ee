import { useToasts } from '../hooks/use-chat.ts';
import { useT } from '../hooks/use-t.ts';
import { CloseIcon, ErrorIcon } from '../icons/icons.tsx';
import { useKit } from '../provider/kit-context.ts';
import { TOAST_GAP_PX, TOAST_OFFSET_PX } from './toast-state.ts';

/** The shared toast stack, 20 px from the top and 20 px apart (seed 000 §9). */
export function Toaster() {
  const toasts = useToasts();
  const kit = useKit();
  const t = useT();
  if (toasts.length === 0) return null;
  return (
    <section className="pc-toaster" aria-label={t('toast.error')} style={{ top: TOAST_OFFSET_PX, gap: TOAST_GAP_PX }}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`pc-toast pc-toast--${toast.type}`}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          {/* A success (a forward done, decision 0015) is not an error: no error icon, no 'Error:' for screen readers. */}
          {toast.type !== 'success' && <ErrorIcon className="pc-toast__icon" />}
          {toast.type !== 'success' && <span className="pc-visually-hidden">{t('toast.error')}: </span>}
          <span className="pc-toast__text">{toast.text}</span>
          {toast.count > 1 && (
            <span
              className="pc-toast__count"
              title={t('toast.repeated', { count: toast.count })}
              data-testid="toast-count"
            >
              ×{toast.count}
            </span>
          )}
          <button
            type="button"
            className="pc-icon-button pc-toast__close"
            aria-label={t('toast.close')}
            onClick={() => kit.toasts.dismiss(toast.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
