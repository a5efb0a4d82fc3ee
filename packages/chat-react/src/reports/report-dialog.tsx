import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { DialogContent } from '../a11y/dialog-content.tsx';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { REPORT_NOTE_CHARS, REPORT_REASONS, type ReportReason, reportPortOf, sendReport } from './report-port.ts';

/**
 * RPT15: 'Report' is offered for a stored message someone else sent, when the SDK can report (an SDK without
 * `reportMessage` offers nothing).
 */
export function canReport(chat: object, item: { flow: string; status: string; isRevoked: boolean }): boolean {
  return item.flow === 'in' && item.status === 'success' && !item.isRevoked && reportPortOf(chat) !== null;
}

/**
 * RPT16: the report dialog. The reasons are radios (arrow keys move between them), the note is optional and at most
 * 200 characters; 'Report' sends it and closes the dialog, a toast confirms.
 */
export function ReportDialog({ ID, open, onClose }: { ID: string; open: boolean; onClose: () => void }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason(null);
    setNote('');
    onClose();
  };
  const submit = async () => {
    if (!reason || busy) return;
    setBusy(true);
    const sent = await sendReport(kit, ID, reason, note);
    setBusy(false);
    if (sent) close();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" data-testid="report-dialog">
          <Dialog.Title className="pc-dialog__title">{t('reports.title')}</Dialog.Title>
          <Dialog.Description className="pc-dialog__text">{t('reports.text')}</Dialog.Description>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <fieldset className="pc-report__reasons">
              <legend className="pc-report__legend">{t('reports.reasonLabel')}</legend>
              {REPORT_REASONS.map((r) => (
                <label key={r} className="pc-report__reason">
                  <input
                    type="radio"
                    name="pc-report-reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    data-testid={`report-reason-${r}`}
                  />
                  {t(`reports.reasons.${r}`)}
                </label>
              ))}
            </fieldset>
            <label className="pc-report__note">
              {t('reports.note')}
              <textarea
                className="pc-report__textarea"
                value={note}
                maxLength={REPORT_NOTE_CHARS}
                rows={3}
                placeholder={t('reports.notePlaceholder')}
                onChange={(event) => setNote(event.target.value)}
                data-testid="report-note"
              />
            </label>
            <div className="pc-dialog__actions">
              <button type="button" className="pc-button" onClick={close}>
                {t('reports.cancel')}
              </button>
              <button
                type="submit"
                className="pc-button pc-button--danger"
                disabled={!reason || busy}
                data-testid="report-submit"
              >
                {t('reports.submit')}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
