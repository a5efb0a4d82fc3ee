import { useId } from 'react';
import { useGroup } from '../../hooks/use-group.ts';
import { useT } from '../../hooks/use-t.ts';
import { useKit } from '../../provider/kit-context.ts';
import { canSetInviteOption } from '../roles.ts';

const OPTIONS = ['FreeAccess', 'NeedPermission', 'DisableInvite'] as const;

/**
 * How people join a Work group (KGRP14, GRP20/GRP23): added at once, only after they agree (each invitee answers in
 * the system notification view), or added by the owner only. Shown to the owner of a Work group.
 */
export function InviteOptionRow() {
  const kit = useKit();
  const t = useT();
  const id = useId();
  const { group, role } = useGroup();
  if (!group || !canSetInviteOption(group.type, role)) return null;
  const value = group.inviteOption || 'FreeAccess';
  return (
    <div className="pc-invite-option">
      <label className="pc-kv pc-kv--edit" htmlFor={id}>
        <span className="pc-kv__key">{t('group.panel.inviteOption')}</span>
        <select
          id={id}
          className="pc-field__input pc-invite-option__select"
          value={value}
          onChange={(e) => void kit.groupActions.setInviteOption(e.target.value)}
          data-testid="invite-option"
        >
          {OPTIONS.map((o) => (
            <option key={o} value={o}>
              {t(`group.panel.invite.${o}`)}
            </option>
          ))}
        </select>
      </label>
      {value === 'NeedPermission' && <p className="pc-invite-option__hint">{t('group.panel.invite.hint')}</p>}
    </div>
  );
}
