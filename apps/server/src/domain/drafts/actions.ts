import { ParleyError, type WireConversation } from '@parley/protocol';
import { commit, type Domain, nowSeconds } from '../context.ts';
import { changed, ensureMember } from '../conversations/actions.ts';
import { parseConversationID } from '../conversations/ids.ts';
import { conversationView } from '../conversations/view.ts';

/**
 * setConversationDraft (decision 0041): the draft lives in my member row, so every device of mine reads it with the
 * list (DRF1) and a change reaches them as `conversation.changed`, like a pin (DRF3). '' clears it. A one-to-one
 * draft to a peer never messaged creates the conversation, as TIM shows a drafted conversation; a group draft needs
 * my membership (DRF4); the system conversation takes none.
 */
export async function setDraft(
  d: Domain,
  userID: string,
  conversationID: string,
  draftText: string,
): Promise<WireConversation> {
  const parsed = parseConversationID(conversationID);
  if (parsed.type === '@TIM#SYSTEM') throw ParleyError.of('INVALID_PARAMS', 'the system conversation takes no draft');
  return commit(d, async (tx, emit) => {
    if (parsed.type === 'GROUP' && !(await tx.conversations.getMember(userID, conversationID)))
      throw ParleyError.of('GROUP_NO_PERMISSION', 'You are not a member of this group');
    await ensureMember(d, tx, userID, conversationID);
    await tx.conversations.updateMember(userID, conversationID, {
      draftText,
      draftTime: draftText === '' ? 0 : nowSeconds(d),
    });
    await changed(tx, emit, userID, conversationID);
    const member = await tx.conversations.getMember(userID, conversationID);
    if (!member) throw ParleyError.of('CONV_NOT_FOUND');
    return conversationView(tx, member);
  });
}
