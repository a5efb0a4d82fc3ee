import { describe, expect, it } from 'vitest';
import { MemberSearch, SEARCH_MATCHES } from '../src/group/member-search.ts';
import { mentionCandidates } from '../src/group/mention.ts';
import { flush } from './fake-chat.ts';
import { FakeGroupChat } from './fake-group-chat.ts';

/** 250 members: u000…u249, nick 'Member n'; one 'Zoe' far down the list. */
function bigGroup(): FakeGroupChat {
  const chat = new FakeGroupChat();
  chat.members = Array.from({ length: 250 }, (_, i) => ({
    userID: `u${String(i).padStart(3, '0')}`,
    nick: i === 230 ? 'Zoe' : `Member ${i}`,
    role: 'Member',
  }));
  chat.members.push({ userID: 'me', nick: 'Me', role: 'Member' });
  return chat;
}

async function settle() {
  for (let i = 0; i < 6; i += 1) await flush();
}

describe('mention search in a large group (decision 0012)', () => {
  it('KGRP13 a query the loaded members do not answer pages the server list until it finds the member, ignoring case', async () => {
    const chat = bigGroup();
    const search = new MemberSearch(chat, () => 'me');
    search.reset('g1');
    search.search('zO');
    await settle();
    const found = mentionCandidates(search.getSnapshot().members, 'zO', 'me', 'everyone');
    expect(found.map((c) => c.userID)).toEqual(['u230']);
    // Every page was needed: the member is on the third.
    expect(chat.calls.filter((c) => c.startsWith('members'))).toEqual(['members 0', 'members 100', 'members 200']);
    expect(search.getSnapshot().searching).toBe(false);
  });

  it('KGRP13 the scan stops once enough members match, and goes on when the query changes', async () => {
    const chat = bigGroup();
    const search = new MemberSearch(chat, () => 'me');
    search.reset('g1');
    search.search('U0');
    await settle();
    expect(chat.calls.filter((c) => c.startsWith('members'))).toEqual(['members 0']);
    expect(search.getSnapshot().members.filter((m) => m.userID.startsWith('u0')).length).toBeGreaterThanOrEqual(
      SEARCH_MATCHES,
    );
    search.search('u24');
    await settle();
    expect(chat.calls.filter((c) => c.startsWith('members'))).toEqual(['members 0', 'members 100', 'members 200']);
    expect(mentionCandidates(search.getSnapshot().members, 'u24', 'me', 'everyone')).toHaveLength(10);
    // A new '@' reads again from the start.
    search.reset('g1');
    expect(search.getSnapshot().members).toEqual([]);
  });
});
