import { describe, expect, it } from 'vitest';
import type { ChatGroup } from '../src/group/group-port.ts';
import { type GroupSearchActions, GroupSearchStore } from '../src/group/group-search.ts';
import { TYPES } from '../src/provider/chat-port.ts';

const GROUPS: Record<string, ChatGroup> = {
  open: { groupID: 'open', name: 'Open', type: TYPES.GRP_PUBLIC, joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS },
  asks: { groupID: 'asks', name: 'Asks', type: TYPES.GRP_PUBLIC, joinOption: TYPES.JOIN_OPTIONS_NEED_PERMISSION },
};

/** Group actions over two groups: every search and join by its argument, answers held until released. */
function actions(hold = false) {
  const searched: string[] = [];
  const joined: string[] = [];
  const applied = new Set<string>();
  const members = new Set<string>();
  const pending: Array<() => void> = [];
  const later = <T>(value: T) =>
    hold ? new Promise<T>((resolve) => pending.push(() => resolve(value))) : Promise.resolve(value);
  const port: GroupSearchActions = {
    search: (id) => {
      searched.push(id);
      const group = GROUPS[id];
      return later(group ? { group } : { error: { ok: false } });
    },
    join: (group, message) => {
      joined.push(`${group.groupID}:${message}`);
      const wait = group.joinOption === TYPES.JOIN_OPTIONS_NEED_PERMISSION;
      (wait ? applied : members).add(group.groupID);
      return later(wait ? TYPES.JOIN_STATUS_WAIT_APPROVAL : TYPES.JOIN_STATUS_SUCCESS);
    },
    hasApplied: (id) => applied.has(id),
    hasJoined: (id) => members.has(id),
  };
  const release = () => {
    for (const resolve of pending.splice(0)) resolve();
  };
  return { port, searched, joined, release };
}

const none = new Set<string>();

describe("'add group chat' search (seed 001 §2.6, §4, §5, §8)", () => {
  it('KCNT5 KCNT16 Enter searches the trimmed ID; an empty or blank ID asks nothing', async () => {
    const { port, searched } = actions();
    const search = new GroupSearchStore(port);
    search.setQuery('   ');
    await search.submit();
    expect(searched).toEqual([]);
    expect(search.getSnapshot()).toMatchObject({ group: null, notFound: false, busy: false });
    search.setQuery('  open  ');
    await search.submit();
    expect(searched).toEqual(['open']);
    expect(search.getSnapshot().group?.groupID).toBe('open');
  });

  it("KCNT16 'group does not exist' clears the previous result; typing again hides the message", async () => {
    const { port } = actions();
    const search = new GroupSearchStore(port);
    search.setQuery('open');
    await search.submit();
    search.setQuery('missing');
    await search.submit();
    expect(search.getSnapshot()).toMatchObject({ group: null, notFound: true });
    expect(search.button(none)).toBeNull();
    search.setQuery('missin');
    expect(search.getSnapshot().notFound).toBe(false);
  });

  it("KCNT16 the found group's action: join, apply with the default message, then 'already applied' / 'already joined'", async () => {
    const { port, joined } = actions();
    const search = new GroupSearchStore(port);
    search.setQuery('asks');
    await search.submit();
    expect(search.button(none)).toBe('apply');
    search.setApplyMessage('   ');
    await search.join('join group');
    expect(joined).toEqual(['asks:join group']);
    expect(search.button(none)).toBe('applied');

    search.setQuery('open');
    await search.submit();
    expect(search.button(none)).toBe('join');
    expect(search.button(new Set(['open']))).toBe('joined');
    await search.join('join group');
    expect(search.button(none)).toBe('joined');
  });

  it('KCNT16 cancel empties the box and drops an answer still on its way; Enter waits for the search under way', async () => {
    const { port, searched, release } = actions(true);
    const search = new GroupSearchStore(port);
    search.setQuery('open');
    const first = search.submit();
    void search.submit();
    expect(searched).toEqual(['open']);
    search.reset();
    release();
    await first;
    expect(search.getSnapshot()).toMatchObject({ query: '', group: null, notFound: false, busy: false });
  });
});
