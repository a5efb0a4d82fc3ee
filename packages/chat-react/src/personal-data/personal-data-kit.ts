import { ValueStore } from '../contacts/value-store.ts';
import type { Translate } from '../i18n/translate.ts';
import { asFailure, type ChatResponse } from '../provider/chat-port.ts';

/** The SDK's personal-data methods (decision 0051); absent from an SDK without them (then the section is hidden). */
export interface PersonalDataPort {
  getMyDataExportLink(): Promise<ChatResponse<{ url: string; expiresAt: number }>>;
  deleteMyAccount(options: { password: string }): Promise<ChatResponse<unknown>>;
}

export function personalDataPortOf(chat: object): PersonalDataPort | null {
  const c = chat as Record<string, unknown>;
  return typeof c.getMyDataExportLink === 'function' && typeof c.deleteMyAccount === 'function'
    ? (chat as unknown as PersonalDataPort)
    : null;
}

export interface ExportState {
  busy: boolean;
  /** The archive's link once made (PDAT6); the browser downloads it as a plain link. */
  link: string | null;
}

export interface DeleteState {
  open: boolean;
  busy: boolean;
  /** Why the last try failed (a wrong password), shown in the dialog. */
  error: string | null;
}

const WRONG_PASSWORD = 70060;
const RATE_LIMITED = 60007;

/** 'Your data' on the Me tab (PDAT20–PDAT22): the archive link and the account deletion, through the SDK. */
export class PersonalDataKit {
  readonly port: PersonalDataPort | null;
  readonly exporting = new ValueStore<ExportState>({ busy: false, link: null });
  readonly deleting = new ValueStore<DeleteState>({ open: false, busy: false, error: null });
  readonly #t: Translate;
  readonly #toast: (text: string) => void;

  constructor(deps: { chat: object; t: Translate; toast: (text: string) => void }) {
    this.port = personalDataPortOf(deps.chat);
    this.#t = deps.t;
    this.#toast = deps.toast;
  }

  async requestExport(): Promise<void> {
    if (!this.port || this.exporting.getSnapshot().busy) return;
    this.exporting.put({ busy: true, link: null });
    try {
      const { data } = await this.port.getMyDataExportLink();
      this.exporting.put({ busy: false, link: data.url });
    } catch (err) {
      const f = asFailure(err);
      this.exporting.put({ busy: false, link: null });
      this.#toast(
        f.code === RATE_LIMITED ? this.#t('personalData.exportTooSoon') : f.message || this.#t('errors.network'),
      );
    }
  }

  openDelete(open: boolean): void {
    this.deleting.put({ open, busy: false, error: null });
  }

  /** True once the account is gone; the server then ends the session and the app signs out. */
  async deleteAccount(password: string): Promise<boolean> {
    if (!this.port || this.deleting.getSnapshot().busy) return false;
    this.deleting.put({ open: true, busy: true, error: null });
    try {
      await this.port.deleteMyAccount({ password });
      this.deleting.put({ open: false, busy: false, error: null });
      return true;
    } catch (err) {
      const f = asFailure(err);
      const error =
        f.code === WRONG_PASSWORD ? this.#t('personalData.wrongPassword') : f.message || this.#t('errors.network');
      this.deleting.put({ open: true, busy: false, error });
      return false;
    }
  }
}
