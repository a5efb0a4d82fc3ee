import { ADMIN_CONSOLE_LIMITS, type AdminGroupDetail, ParleyError } from '@parley/protocol';
import { dismissGroup } from '../groups/lifecycle.ts';
import { changeOwner, muteMember, updateProfile } from '../groups/manage.ts';
import { type Actor, type Console, audit } from './console.ts';
import { requireAbility } from './roles.ts';

export async function searchGroups(c: Console, actor: Actor, q: string) {
  requireAbility(actor.role, 'read');
  return { groups: await c.store.searchGroups(q.trim(), ADMIN_CONSOLE_LIMITS.usersPage) };
}

export async function groupDetail(c: Console, actor: Actor, groupID: string): Promise<AdminGroupDetail> {
  requireAbility(actor.role, 'read');
  const detail = await c.store.groupDetail(groupID);
  if (!detail) throw ParleyError.of('GROUP_NOT_FOUND');
  return detail;
}

/**
 * ADM25: the console acts on a group through the owner's own actions (the same rules, tips and events as in the
 * kit); the tips name the owner as operator, the audit log names the admin.
 */
async function ownerOf(c: Console, actor: Actor, groupID: string): Promise<string> {
  return (await groupDetail(c, actor, groupID)).group.ownerID;
}

export async function transferOwner(c: Console, actor: Actor, groupID: string, newOwnerID: string) {
  requireAbility(actor.role, 'operate');
  await changeOwner(c.d, await ownerOf(c, actor, groupID), groupID, newOwnerID);
  await audit(c, actor, 'group.owner', groupID, { newOwnerID });
  return groupDetail(c, actor, groupID);
}

export async function dismiss(c: Console, actor: Actor, groupID: string) {
  requireAbility(actor.role, 'moderate');
  await dismissGroup(c.d, await ownerOf(c, actor, groupID), groupID);
  await audit(c, actor, 'group.dismiss', groupID);
  return {};
}

export async function muteAll(c: Console, actor: Actor, groupID: string, on: boolean) {
  requireAbility(actor.role, 'moderate');
  await updateProfile(c.d, await ownerOf(c, actor, groupID), groupID, { muteAllMembers: on });
  await audit(c, actor, on ? 'group.muteAll' : 'group.unmuteAll', groupID);
  return groupDetail(c, actor, groupID);
}

export async function muteGroupMember(c: Console, actor: Actor, groupID: string, userID: string, seconds: number) {
  requireAbility(actor.role, 'moderate');
  await muteMember(c.d, await ownerOf(c, actor, groupID), groupID, userID, seconds);
  await audit(c, actor, 'group.muteMember', groupID, { userID, seconds });
  return groupDetail(c, actor, groupID);
}
