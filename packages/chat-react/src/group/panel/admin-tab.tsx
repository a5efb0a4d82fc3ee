import { useState } from 'react';
import { useNow } from '../../hooks/use-environment.ts';
import { useGroup } from '../../hooks/use-group.ts';
import { useT } from '../../hooks/use-t.ts';
import { useKit } from '../../provider/kit-context.ts';
import { ADMIN, canEditProfile, canMute, canMuteAll, isMutedUntil, OWNER } from '../roles.ts';
import { MemberRow } from './member-tabs.tsx';

/** The notification tab: the text; owner and admins publish a new one (only when non-empty and changed). */
export function NotificationTab() {
  const kit = useKit();
  const t = useT();
  const { group, role } = useGroup();
  const [draft, setDraft] = useState(group?.notification ?? '');
  if (!group) return null;
  const changed = draft.trim() !== '' && draft.trim() !== (group.notification ?? '');
  if (!canEditProfile(role)) {
    return <p className="pc-notice-text">{group.notification || t('group.panel.noNotification')}</p>;
  }
  return (
    <div className="pc-notification-edit">
      <textarea
        className="pc-field__input pc-field__textarea"
        value={draft}
        rows={6}
        maxLength={300}
        aria-label={t('group.panel.notification')}
        placeholder={t('group.panel.noNotification')}
        onChange={(e) => setDraft(e.target.value)}
        data-testid="notification-input"
      />
      <div className="pc-dialog__actions">
        <button
          type="button"
          className="pc-button pc-button--primary"
          disabled={!changed}
          onClick={() => void kit.groupActions.publishNotification(draft)}
          data-testid="publish-notification"
        >
          {t('group.panel.publish')}
        </button>
      </div>
    </div>
  );
}

/** The admin tab (non-Work groups, owner and admins): Mute All, admins (owner only), per-member mute. */
export function AdminTab({ onMember }: { onMember: (userID: string) => void }) {
  const kit = useKit();
  const t = useT();
  const now = useNow();
  const { group, role, members } = useGroup();
  if (!group) return null;
  const self = kit.chat.getLoginUser();
  const admins = members.filter((m) => m.role === ADMIN);
  const mutable = members.filter((m) => canMute(group.type, role, m.role, m.userID === self));
  return (
    <div className="pc-admin">
      {canMuteAll(group.type, role) && (
        <label className="pc-switch-row">
          <span>
            <strong>{t('group.panel.muteAll')}</strong>
            <span className="pc-kv__key">{t('group.panel.muteAllHint')}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={Boolean(group.muteAllMembers)}
            className="pc-switch"
            checked={Boolean(group.muteAllMembers)}
            onChange={(e) => void kit.groupActions.setMuteAll(e.target.checked)}
            data-testid="mute-all"
          />
        </label>
      )}
      {role === OWNER && (
        <section aria-label={t('group.panel.admins')}>
          <h3 className="pc-admin__title">{t('group.panel.admins')}</h3>
          {admins.length === 0 ? (
            // UI31: a heading over nothing reads as a list that failed to load; say there is none and how to add one.
            <p className="pc-admin__empty" data-testid="no-admins">
              {t('group.panel.noAdmins')}
            </p>
          ) : (
            <ul className="pc-members__list">
              {admins.map((m) => (
                <MemberRow key={m.userID} member={m} now={now} onClick={() => onMember(m.userID)} />
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-label={t('group.panel.muteMembers')}>
        <h3 className="pc-admin__title">{t('group.panel.muteMembers')}</h3>
        {mutable.length === 0 && (
          <p className="pc-admin__empty" data-testid="no-mutable">
            {t('group.panel.noMutable')}
          </p>
        )}
        <ul className="pc-members__list">
          {mutable.map((m) => {
            const muted = isMutedUntil(m.muteUntil, now);
            return (
              <li key={m.userID} className="pc-admin__mute">
                <span className="pc-member__name">{m.nameCard || m.nick || m.userID}</span>
                <button
                  type="button"
                  className="pc-button"
                  onClick={() => void kit.groupActions.mute(m.userID, !muted)}
                  data-testid="mute-member"
                >
                  {muted ? t('group.panel.unmute') : t('group.panel.mute')}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
