import type { Repos } from '../ports.ts';

/**
 * Who sees a user's profile (CNT1): everyone who lists them as a friend and everyone they have a one-to-one
 * conversation with, never the user (their own devices get the event on their own topic).
 */
export async function watchersOf(r: Repos, userID: string): Promise<string[]> {
  const [friends, rows] = await Promise.all([r.contacts.listedBy(userID), r.conversations.listMembers(userID, 0)]);
  const peers = rows.flatMap((m) => (m.viewID.startsWith('C2C') && m.peerID ? [m.peerID] : []));
  return [...new Set([...friends, ...peers])].filter((id) => id !== userID);
}
