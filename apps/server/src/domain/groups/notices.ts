import { GROUP_LIMITS, GROUP_NOTICE_TYPE, ParleyError, utf8Length } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { liveGroup } from './access.ts';
import { writeNotice } from './events.ts';
import { groupCommit } from './members.ts';

/** The operator a notice from the admin API names (the vendor's REST notices come from its administrator). */
export const ADMIN_OPERATOR = 'administrator';

/**
 * A custom system notice (operation type 255, rule GRP22), sent through the admin API: the text reaches the listed
 * members (all members without a list) in their system conversation, with its unread count. A listed user who is
 * not a member fails the call (2623) before any notice is written.
 */
export async function sendCustomNotice(
  d: Domain,
  groupID: string,
  input: { content: string; toMembers?: string[] | undefined },
): Promise<{ groupID: string; userIDList: string[] }> {
  if (utf8Length(input.content) > GROUP_LIMITS.customNoticeBytes)
    throw ParleyError.of('GROUP_INVALID_PARAMETER', `content is longer than ${GROUP_LIMITS.customNoticeBytes} bytes`);
  const userIDList = await groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    let targets: string[];
    if (input.toMembers) {
      const asked = [...new Set(input.toMembers)];
      const found = new Set((await g.tx.groups.membersByID(groupID, asked)).map((m) => m.userID));
      const stranger = asked.find((u) => !found.has(u));
      if (stranger) throw ParleyError.of('GROUP_MEMBER_NOT_FOUND', undefined, { userID: stranger });
      targets = asked;
    } else targets = await g.tx.groups.allMemberIDs(groupID);
    for (const userID of targets)
      await writeNotice(g, userID, group, ADMIN_OPERATOR, {
        operationType: GROUP_NOTICE_TYPE.CUSTOM,
        userDefinedField: input.content,
      });
    return targets;
  });
  return { groupID, userIDList };
}
