import { describe, expect, it } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { assembleKit, attachKit, kitPart, type PartsCheck } from '../src/provider/kit-part.ts';
import { FakeGroupChat } from './fake-group-chat.ts';

const listenerCount = (chat: FakeGroupChat) => [...chat.handlers.values()].reduce((n, set) => n + set.size, 0);

const first = kitPart({ name: 'first', build: (_kit: object) => ({ x: 1 }) });
const second = kitPart({ name: 'second', build: (kit: { x: number }) => ({ y: kit.x + 1 }) });
const again = kitPart({ name: 'again', build: (_kit: object) => ({ x: 2 }) });

// The list's order and names are checked when the kit compiles (tsc -p packages/chat-react covers this file).
const inOrder: PartsCheck<readonly [typeof first, typeof second], object> = true;
// @ts-expect-error a part listed before the part it needs
const outOfOrder: PartsCheck<readonly [typeof second, typeof first], object> = true;
// @ts-expect-error two parts adding the same name
const twice: PartsCheck<readonly [typeof first, typeof again], object> = true;
void [inOrder, outOfOrder, twice];

describe('the kit assembled from parts (decision 0030)', () => {
  it('builds each part over what the earlier parts added, and refuses two parts adding one name', () => {
    const kit: Record<string, unknown> = {};
    assembleKit(kit, [first, second]);
    expect(kit).toEqual({ x: 1, y: 2 });
    expect(() => assembleKit({}, [first, again])).toThrow("kit parts 'first' and 'again' both add 'x'");
    expect(() => assembleKit({ x: 0 }, [first])).toThrow("kit parts 'the kit' and 'first' both add 'x'");
  });

  it('attaches the parts in list order and undoes them in the same order', () => {
    const log: string[] = [];
    const part = (name: string) =>
      kitPart({
        name,
        build: (_kit: object) => ({}),
        attach: () => {
          log.push(`attach ${name}`);
          return [() => log.push(`undo ${name}`)];
        },
      });
    const undo = attachKit({}, [part('a'), part('b'), { name: 'none', build: () => ({}) }, part('c')]);
    expect(log).toEqual(['attach a', 'attach b', 'attach c']);
    undo();
    expect(log.slice(3)).toEqual(['undo a', 'undo b', 'undo c']);
  });

  it("the kit's undo leaves no SDK listener behind, and attaching again subscribes every part again", () => {
    const chat = new FakeGroupChat();
    const kit = new ChatKit(chat, createChatI18n('en'));
    const detach = kit.attach();
    const attached = listenerCount(chat);
    expect(attached).toBeGreaterThan(20);
    detach();
    expect(listenerCount(chat)).toBe(0);
    const again = kit.attach();
    expect(listenerCount(chat)).toBe(attached);
    again();
  });
});
