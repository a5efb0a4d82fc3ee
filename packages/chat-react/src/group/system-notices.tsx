import { useEffect } from 'react';
import { useNow } from '../hooks/use-environment.ts';
import { useSystemNotices } from '../hooks/use-group.ts';
import { useNameOf } from '../hooks/use-names.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { relativeLabel } from '../time/format.ts';
import type { SystemNotice } from './system-store.ts';
import { GROUP_INVITATION, JOIN_APPLICATION, systemNoticeText } from './tip-text.ts';

function applyMessageOf(payload: unknown): string {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const text = p.applyMessage || p.handleMessage;
  return typeof text === 'string' ? text : '';
}

const REPORT_OUTCOMES = new Set(['removed', 'muted', 'disabled', 'dismissed']);

/** A group notice's text; a server text notice as sent, a report's outcome in the reader's language (RPT18). */
function noticeText(notice: SystemNotice, t: ReturnType<typeof useT>, nameOf: ReturnType<typeof useNameOf>): string {
  if (!notice.text) return systemNoticeText(notice.payload, t, nameOf);
  const { text, reportOutcome } = notice.text;
  return REPORT_OUTCOMES.has(reportOutcome) ? t(`reports.outcomes.${reportOutcome}`) : text;
}

function NoticeItem({ notice, busy, now }: { notice: SystemNotice; busy: boolean; now: number }) {
  const kit = useKit();
  const t = useT();
  const nameOf = useNameOf();
  const message = notice.operationType === JOIN_APPLICATION ? applyMessageOf(notice.payload) : '';
  const application = notice.operationType === JOIN_APPLICATION || notice.operationType === GROUP_INVITATION;
  return (
    <li className="pc-notice" data-testid="system-notice" data-operation={notice.operationType}>
      <div className="pc-notice__main">
        <p className="pc-notice__text">{noticeText(notice, t, nameOf)}</p>
        {message && <p className="pc-notice__extra">{t('group.notice.applyMessage', { text: message })}</p>}
        {notice.time > 0 && <span className="pc-notice__time">{relativeLabel(notice.time, now, t)}</span>}
      </div>
      {application &&
        (notice.handled ? (
          <span className="pc-notice__handled" data-testid="notice-handled">
            {t('group.notice.handled')}
          </span>
        ) : (
          <div className="pc-notice__actions">
            <button
              type="button"
              className="pc-button"
              disabled={busy}
              onClick={() => void kit.system.handle(notice.ID, 'Reject')}
            >
              {t('group.notice.reject')}
            </button>
            <button
              type="button"
              className="pc-button pc-button--primary"
              disabled={busy}
              onClick={() => void kit.system.handle(notice.ID, 'Agree')}
            >
              {t('group.notice.accept')}
            </button>
          </div>
        ))}
    </li>
  );
}

/** Seed 000 §2, 001 §4: the system-notification view (KGRP9). Opening it marks the system conversation read. */
export function SystemNotices() {
  const kit = useKit();
  const t = useT();
  const now = useNow();
  const state = useSystemNotices();
  useEffect(() => {
    kit.system.open();
    return () => kit.system.close();
  }, [kit]);

  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <div className="pc-messages pc-messages--loading" aria-busy="true">
        <span className="pc-spinner">
          <span className="pc-visually-hidden">{t('chat.loading')}</span>
        </span>
      </div>
    );
  }
  return (
    <div className="pc-notices" data-testid="system-notices">
      {state.notices.length === 0 ? (
        <p className="pc-notices__empty">{t('group.notice.empty')}</p>
      ) : (
        <ul className="pc-notices__list">
          {state.notices.map((n) => (
            <NoticeItem key={n.ID} notice={n} busy={state.busy.has(n.ID)} now={now} />
          ))}
        </ul>
      )}
      {!state.isCompleted && (
        <button type="button" className="pc-link pc-notices__more" onClick={() => kit.system.loadMore()}>
          {t('chat.viewMore')}
        </button>
      )}
    </div>
  );
}
