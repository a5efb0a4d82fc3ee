import type { WireReaction } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { EVENT } from '../src/constants/events.ts';
import { Emitter } from '../src/core/emitter.ts';
import type { ActionClient } from '../src/actions/action-client.ts';
import { ReactionModule, type ReactionsPush } from '../src/actions/reaction-module.ts';

const user = (userID: string) => ({ userID, nick: userID, avatar: '' });
const smile = (...users: string[]): WireReaction[] => [
  { reactionID: 'emoji_smile', totalUserCount: users.length, partialUserList: users.map(user), reactedByMyself: false },
];

function setup() {
  const emitter = new Emitter();
  const seen: { reactionList: WireReaction[] }[] = [];
  emitter.on(EVENT.MESSAGE_REACTIONS_UPDATED, (e: unknown) =>
    seen.push((e as { data: { reactionList: WireReaction[] } }).data),
  );
  const reactions = new ReactionModule({ client: {} as ActionClient, emitter, me: () => 'bob' });
  const push = (over: Partial<ReactionsPush>): void =>
    reactions.updated({
      conversationID: 'C2Calice',
      messageID: 'm1',
      reactionList: [],
      operatorID: 'alice',
      reactionID: 'emoji_smile',
      added: true,
      changeSequence: 0,
      ...over,
    });
  const counts = () => seen.map((e) => e.reactionList[0]?.totalUserCount ?? 0);
  return { reactions, push, counts, seen };
}

describe('reaction pushes out of order (SACT12)', () => {
  it('SACT12 a push of an older change arriving after a newer one is dropped: both reactions stay on screen', () => {
    const { push, counts, seen } = setup();
    // Alice's change (2) overtakes Bob's own (1), whose list was read before Alice's reaction existed.
    push({ operatorID: 'alice', reactionList: smile('bob', 'alice'), changeSequence: 2 });
    push({ operatorID: 'bob', reactionList: smile('bob'), changeSequence: 1 });
    expect(counts()).toEqual([2]);
    expect(seen[0]?.reactionList[0]?.reactedByMyself).toBe(true);
    // A later change still goes through.
    push({ operatorID: 'alice', added: false, reactionList: smile('bob'), changeSequence: 3 });
    expect(counts()).toEqual([2, 1]);
  });

  it('SACT12 a catch-up page sets the floor; pushes without a number are applied as they come', () => {
    const { reactions, push, counts } = setup();
    reactions.remember('C2Calice', 'm1', smile('alice', 'bob'), 5);
    push({ reactionList: smile('alice'), changeSequence: 4 });
    expect(counts()).toEqual([]);
    push({ reactionList: smile('alice'), changeSequence: 0 });
    push({ reactionList: smile('alice', 'bob'), changeSequence: 0 });
    expect(counts()).toEqual([1, 2]);
  });
});
