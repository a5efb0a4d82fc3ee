import { useEffect } from 'react';
import { Avatar } from '../../avatar/avatar.tsx';
import { useNow } from '../../hooks/use-environment.ts';
import { useStore } from '../../hooks/use-store.ts';
import { useGroup } from '../../hooks/use-group.ts';
import { useT } from '../../hooks/use-t.ts';
import { TYPES } from '../../provider/chat-port.ts';
import { useKit } from '../../provider/kit-context.ts';
import type { ChatGroupMember } from '../group-port.ts';
import { ADMIN, canMute, canRemoveMember, canSetAdmin, isMutedUntil, MEMBER, memberLabel } from '../roles.ts';

export function RoleBadge({ role }: { role: string }) {
  const t = useT();
  if (role !== TYPES.GRP_MBR_ROLE_OWNER && role !== ADMIN) return null;
  return <span className="pc-role">{t(`group.role.${role}`)}</span>;
}

export function MemberRow({ member, onClick, now }: { member: ChatGroupMember; onClick: () => void; now: number }) {
  const t = useT();
  return (
    <li>
      <button
        type="button"
        className="pc-member"
        onClick={onClick}
        data-testid="member-row"
        data-user-id={member.userID}
      >
        <Avatar id={member.userID} src={member.avatar} size={32} />
        <span className="pc-member__name">{memberLabel(member)}</span>
        <RoleBadge role={member.role} />
        {isMutedUntil(member.muteUntil, now) && (
          <span className="pc-role pc-role--muted">{t('group.panel.mutedUntil')}</span>
        )}
      </button>
    </li>
  );
}

/** The member list: loaded 100 at a time, 'view more' for the next page (seed 001 §7.1). */
export function MemberListTab({ onMember }: { onMember: (userID: string) => void }) {
  const kit = useKit();
  const t = useT();
  const now = useNow();
  const { members, nextOffset, loadingMembers, group } = useGroup();
  return (
    <div className="pc-members">
      <p className="pc-kv__key">{t('group.panel.memberCount', { count: group?.memberCount ?? members.length })}</p>
      <ul className="pc-members__list">
        {members.map((m) => (
          <MemberRow key={m.userID} member={m} now={now} onClick={() => onMember(m.userID)} />
        ))}
      </ul>
      {nextOffset !== null && (
        <button
          type="button"
          className="pc-link"
          disabled={loadingMembers}
          onClick={() => kit.group.loadMoreMembers()}
          data-testid="members-more"
        >
          {t('group.panel.viewMore')}
        </button>
      )}
    </div>
  );
}

/** One member: profile and the actions the viewer may take on them (KGRP3). */
export function MemberProfileTab({ userID, onDone }: { userID: string; onDone: () => void }) {
  const kit = useKit();
  const t = useT();
  const now = useNow();
  const { members, group, role } = useGroup();
  const demo = useStore(kit.demo);
  const member = members.find((m) => m.userID === userID);
  const self = userID === kit.chat.getLoginUser();
  // Demo mode: 'send message' only for mutual friends (seed 001 §6, DEMO9); elsewhere for every other member.
  useEffect(() => {
    if (demo.enabled && !self) void kit.demo.checkMutual(userID);
  }, [kit, demo.enabled, self, userID]);
  if (!member || !group) return <p className="pc-dialog__text">{t('group.picker.notInGroup')}</p>;
  const canMessage = !self && (!demo.enabled || demo.mutual.get(userID) === true);
  const muted = isMutedUntil(member.muteUntil, now);
  const chat = async () => {
    const result = await kit.startC2C(member.userID);
    if (result.ok) onDone();
  };
  return (
    <div className="pc-member-profile" data-testid="member-profile">
      <div className="pc-panel-main__head">
        <Avatar id={member.userID} src={member.avatar} size={56} />
        <div className="pc-panel-main__ids">
          <strong className="pc-member-profile__name">{member.nick || member.userID}</strong>
          <div className="pc-kv">
            <span className="pc-kv__key">{t('group.panel.userID')}</span>
            <span className="pc-kv__value">{member.userID}</span>
          </div>
          {member.nameCard && (
            <div className="pc-kv">
              <span className="pc-kv__key">{t('group.panel.nameCard')}</span>
              <span className="pc-kv__value">{member.nameCard}</span>
            </div>
          )}
          <div className="pc-kv">
            <RoleBadge role={member.role} />
            {muted && <span className="pc-role pc-role--muted">{t('group.panel.mutedUntil')}</span>}
          </div>
        </div>
      </div>
      <div className="pc-panel-main__actions">
        {canMessage && (
          <button
            type="button"
            className="pc-button pc-button--primary"
            onClick={() => void chat()}
            data-testid="member-send-message"
          >
            {t('group.panel.sendMessage')}
          </button>
        )}
        {canSetAdmin(group.type, role, member.role) && !self && (
          <button
            type="button"
            className="pc-button"
            onClick={() => void kit.groupActions.setAdmin(member.userID, member.role === MEMBER)}
            data-testid="toggle-admin"
          >
            {member.role === MEMBER ? t('group.panel.setAdmin') : t('group.panel.unsetAdmin')}
          </button>
        )}
        {canMute(group.type, role, member.role, self) && (
          <button
            type="button"
            className="pc-button"
            onClick={() => void kit.groupActions.mute(member.userID, !muted)}
            data-testid="toggle-mute"
          >
            {muted ? t('group.panel.unmute') : t('group.panel.mute')}
          </button>
        )}
        {canRemoveMember(role, member.role) && !self && (
          <button
            type="button"
            className="pc-button pc-button--danger"
            onClick={() => void kit.groupActions.removeMembers([member.userID])}
            data-testid="remove-member"
          >
            {t('group.panel.remove')}
          </button>
        )}
      </div>
    </div>
  );
}
