import { describe, expect, it } from 'vitest';
import { canFinish, showSelectAll, toggle, toggleAll } from '../src/group/panel/picker-rules.ts';
import { joinButton } from '../src/group/join-rule.ts';
import {
  canAddMembers,
  canDismiss,
  canEditProfile,
  canMute,
  canMuteAll,
  canSetInviteOption,
  canQuit,
  canRemoveMember,
  canSetAdmin,
  canTransfer,
  memberPreviewCount,
  muteReason,
  showAdminTab,
} from '../src/group/roles.ts';

const WORK = 'Private';
const PUBLIC = 'Public';
const MEETING = 'ChatRoom';
const LIVE = 'AVChatRoom';
const TYPES = [WORK, PUBLIC, MEETING, LIVE];

describe('group controls by role and type (seed 001 §2.7, §6)', () => {
  it('KGRP4 member preview: 3 avatars, +1 if not a Work group, +1 if the viewer is not the owner', () => {
    expect(memberPreviewCount(WORK, 'Owner')).toBe(3);
    expect(memberPreviewCount(WORK, 'Member')).toBe(4);
    expect(memberPreviewCount(PUBLIC, 'Owner')).toBe(4);
    expect(memberPreviewCount(PUBLIC, 'Admin')).toBe(5);
    expect(memberPreviewCount(LIVE, 'Member')).toBe(5);
  });

  it('KGRP3 owner and admins edit name and notification; members only view', () => {
    expect(canEditProfile('Owner')).toBe(true);
    expect(canEditProfile('Admin')).toBe(true);
    expect(canEditProfile('Member')).toBe(false);
  });

  it('KGRP3 add members: the owner of a Work group only', () => {
    for (const type of TYPES) {
      expect(canAddMembers(type, 'Owner')).toBe(type === WORK);
      expect(canAddMembers(type, 'Admin')).toBe(false);
      expect(canAddMembers(type, 'Member')).toBe(false);
    }
  });

  it('KGRP3 remove: the owner removes anyone but the owner', () => {
    expect(canRemoveMember('Owner', 'Admin')).toBe(true);
    expect(canRemoveMember('Owner', 'Member')).toBe(true);
    expect(canRemoveMember('Owner', 'Owner')).toBe(false);
    expect(canRemoveMember('Admin', 'Member')).toBe(false);
    expect(canRemoveMember('Member', 'Member')).toBe(false);
  });

  it('KGRP3 transfer: the owner, with more than one member, never in an AVChatRoom', () => {
    expect(canTransfer(PUBLIC, 'Owner', 2)).toBe(true);
    expect(canTransfer(WORK, 'Owner', 2)).toBe(true);
    expect(canTransfer(PUBLIC, 'Owner', 1)).toBe(false);
    expect(canTransfer(LIVE, 'Owner', 5)).toBe(false);
    expect(canTransfer(PUBLIC, 'Admin', 5)).toBe(false);
  });

  it('KGRP3 set or unset admins: the owner, not in Work groups, never on the owner', () => {
    expect(canSetAdmin(PUBLIC, 'Owner', 'Member')).toBe(true);
    expect(canSetAdmin(MEETING, 'Owner', 'Admin')).toBe(true);
    expect(canSetAdmin(WORK, 'Owner', 'Member')).toBe(false);
    expect(canSetAdmin(PUBLIC, 'Admin', 'Member')).toBe(false);
    expect(canSetAdmin(PUBLIC, 'Owner', 'Owner')).toBe(false);
  });

  it('KGRP3 mute: owner mutes admins and members, admins only members, nobody himself, never in Work groups', () => {
    expect(canMute(PUBLIC, 'Owner', 'Admin', false)).toBe(true);
    expect(canMute(PUBLIC, 'Owner', 'Member', false)).toBe(true);
    expect(canMute(PUBLIC, 'Admin', 'Member', false)).toBe(true);
    expect(canMute(PUBLIC, 'Admin', 'Admin', false)).toBe(false);
    expect(canMute(PUBLIC, 'Admin', 'Owner', false)).toBe(false);
    expect(canMute(PUBLIC, 'Member', 'Member', false)).toBe(false);
    expect(canMute(PUBLIC, 'Owner', 'Admin', true)).toBe(false);
    expect(canMute(WORK, 'Owner', 'Member', false)).toBe(false);
  });

  it('KGRP3 Mute All and the admin tab: owner and admins of non-Work groups', () => {
    for (const type of TYPES) {
      for (const role of ['Owner', 'Admin', 'Member']) {
        const expected = type !== WORK && role !== 'Member';
        expect(canMuteAll(type, role), `${type} ${role}`).toBe(expected);
        expect(showAdminTab(type, role), `${type} ${role}`).toBe(expected);
      }
    }
  });

  it('KGRP14 the invite option is the Work group owner’s only', () => {
    for (const type of TYPES) {
      for (const role of ['Owner', 'Admin', 'Member']) {
        expect(canSetInviteOption(type, role), `${type} ${role}`).toBe(type === WORK && role === 'Owner');
      }
    }
  });

  it('KGRP3 dismiss: owner of Public or Meeting groups; quit: everyone else, and the owner of a Work group', () => {
    expect(canDismiss(PUBLIC, 'Owner')).toBe(true);
    expect(canDismiss(MEETING, 'Owner')).toBe(true);
    expect(canDismiss(WORK, 'Owner')).toBe(false);
    expect(canDismiss(LIVE, 'Owner')).toBe(false);
    expect(canDismiss(PUBLIC, 'Admin')).toBe(false);
    expect(canQuit(WORK, 'Owner')).toBe(true);
    expect(canQuit(PUBLIC, 'Owner')).toBe(false);
    expect(canQuit(PUBLIC, 'Admin')).toBe(true);
    expect(canQuit(LIVE, 'Member')).toBe(true);
  });
});

describe('mute state of the input (seed 000 §5)', () => {
  const now = 1_700_000_000_000;
  it('KGRP1 muted while muteUntil is in the future, Mute All for members only', () => {
    expect(muteReason({ muteAllMembers: false }, 'Member', now / 1000 + 60, now)).toBe('self');
    expect(muteReason({ muteAllMembers: false }, 'Member', now / 1000, now)).toBe(null);
    expect(muteReason({ muteAllMembers: false }, 'Member', 0, now)).toBe(null);
    expect(muteReason({ muteAllMembers: true }, 'Member', 0, now)).toBe('all');
    expect(muteReason({ muteAllMembers: true }, 'Admin', 0, now)).toBe(null);
    expect(muteReason({ muteAllMembers: true }, 'Owner', 0, now)).toBe(null);
    expect(muteReason(null, 'Member', now / 1000 + 60, now)).toBe(null);
  });
});

describe('transfer picker (seed 001 §5)', () => {
  const options = [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
    { id: 'me', label: 'Me', disabled: true },
  ];

  it('KGRP5 disabled items cannot be selected', () => {
    expect(toggle([], options[2] as (typeof options)[number], true)).toEqual([]);
    expect(toggle(['a'], options[2] as (typeof options)[number], false)).toEqual(['a']);
  });

  it('KGRP5 select-all only with more than one option and not in single-select', () => {
    expect(showSelectAll(options, true)).toBe(true);
    expect(showSelectAll(options, false)).toBe(false);
    expect(showSelectAll(options.slice(0, 1), true)).toBe(false);
    expect(toggleAll([], options)).toEqual(['a', 'b']);
    expect(toggleAll(['a', 'b'], options)).toEqual([]);
  });

  it('KGRP5 single-select replaces, multi-select toggles', () => {
    expect(toggle(['a'], { id: 'b', label: 'B' }, false)).toEqual(['b']);
    expect(toggle(['a'], { id: 'b', label: 'B' }, true)).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], { id: 'a', label: 'A' }, true)).toEqual(['b']);
  });

  it('KGRP5 Done does nothing without a selection', () => {
    expect(canFinish([])).toBe(false);
    expect(canFinish(['a'])).toBe(true);
  });
});

describe('group search buttons (seed 001 §4)', () => {
  it('KGRP9 joined, applied, apply with a message, join, or none', () => {
    expect(joinButton('FreeAccess', true, false)).toBe('joined');
    expect(joinButton('NeedPermission', false, true)).toBe('applied');
    expect(joinButton('NeedPermission', false, false)).toBe('apply');
    expect(joinButton('FreeAccess', false, false)).toBe('join');
    expect(joinButton('DisableApply', false, false)).toBe('disabled');
  });
});
