import type { Translate } from '../../i18n/translate.ts';
import type { ChatKit } from '../../provider/chat-kit.ts';
import type { ChatGroupMember } from '../group-port.ts';
import { canRemoveMember, OWNER, memberLabel } from '../roles.ts';
import type { PickerOption } from './picker-rules.ts';

export type PickerKind = 'transfer' | 'add' | 'remove';

export interface PickerConfig {
  title: string;
  multiple: boolean;
  options: PickerOption[];
  search: (userID: string) => Promise<PickerOption | string>;
  done: (ids: string[]) => Promise<unknown>;
}

const option = (m: ChatGroupMember, disabled: boolean): PickerOption => ({
  id: m.userID,
  label: memberLabel(m),
  avatar: m.avatar,
  disabled,
});

/**
 * The three pickers of the main tab (seed 001 §5, KGRP5): transfer (single-select among members, the user disabled),
 * add (multi-select of users found by ID) and remove (multi-select of members the viewer may remove).
 */
export function memberPicker(
  kind: PickerKind,
  kit: ChatKit,
  t: Translate,
  members: readonly ChatGroupMember[],
  role: string,
): PickerConfig {
  const self = kit.chat.getLoginUser();
  const actions = kit.groupActions;
  if (kind === 'transfer') {
    return {
      title: t('group.picker.transferTitle'),
      multiple: false,
      options: members.map((m) => option(m, m.userID === self)),
      search: async (id) => {
        const m = await actions.findMember(id);
        return m ? option(m, m.userID === self || m.role === OWNER) : t('group.picker.notFound');
      },
      done: (ids) => actions.transfer(ids[0] as string),
    };
  }
  if (kind === 'add') {
    return {
      title: t('group.picker.addTitle'),
      multiple: true,
      options: [],
      search: async (id) => {
        const p = await actions.findUser(id);
        return p ? { id: p.userID, label: p.nick || p.userID, avatar: p.avatar } : t('group.picker.notFound');
      },
      done: (ids) => actions.addMembers(ids),
    };
  }
  return {
    title: t('group.picker.removeTitle'),
    multiple: true,
    options: members.filter((m) => canRemoveMember(role, m.role)).map((m) => option(m, false)),
    search: async (id) => {
      const m = await actions.findMember(id);
      return m ? option(m, m.role === OWNER) : t('group.picker.notInGroup');
    },
    done: (ids) => actions.removeMembers(ids),
  };
}
