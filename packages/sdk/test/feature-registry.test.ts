import { PUSH_EVENT_TYPES, type PushEvent } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { type AnyFeature, installFacade, pushDispatch } from '../src/feature/assemble.ts';
import { featureProblems } from '../src/feature/check.ts';
import { defineFeature } from '../src/feature/feature.ts';
import { FEATURES } from '../src/feature/registry.ts';
import { ChatSDK } from '../src/chat.ts';

const changed: PushEvent = { type: 'group.changed', groupID: 'g1', isMember: true };

/** A feature with a part that records what reached it. */
function recorder(name: string, methods: object, pushAfter?: AnyFeature['pushAfter']): AnyFeature {
  return defineFeature({
    name,
    create: () => ({ name }),
    methods,
    push: {
      'group.changed': (part: { name: string }, event) => {
        seen.push(`${part.name}:${event.groupID}`);
      },
    },
    ...(pushAfter ? { pushAfter } : {}),
  });
}
let seen: string[] = [];
const unused = (): never => {
  throw new Error('no instance in this test');
};

describe('the SDK feature registry (decision 0029)', () => {
  it('assembles as it is: no method declared twice, no event type claimed twice without an order', () => {
    expect(featureProblems(FEATURES, PUSH_EVENT_TYPES)).toEqual([]);
  });

  it('puts every declared method on ChatSDK once, each the declaring feature’s', () => {
    const declared = FEATURES.flatMap((f) => Object.keys(f.methods));
    expect(new Set(declared).size).toBe(declared.length);
    for (const name of declared)
      expect(typeof Object.getOwnPropertyDescriptor(ChatSDK.prototype, name)?.value).toBe('function');
    // One-to-one read receipts are the actions feature's; it hands group messages to the groups feature's receipts.
    const owner = (method: string) => FEATURES.filter((f) => Object.hasOwn(f.methods, method)).map((f) => f.name);
    expect(owner('sendMessageReadReceipt')).toEqual(['actions']);
    expect(owner('getMessageReadReceiptList')).toEqual(['actions']);
  });

  it('finds two features declaring one method, naming both', () => {
    const a = recorder('a', { hello() {} });
    const b = recorder('b', { hello() {} }, { 'group.changed': ['a'] });
    expect(featureProblems([a, b], PUSH_EVENT_TYPES)).toEqual(['method "hello" is declared by "a" and "b"']);
    expect(() => installFacade(class {}.prototype, [a, b], unused)).toThrow(/method "hello"/);
  });

  it('finds two handlers of one event type when neither says which runs first', () => {
    const problems = featureProblems([recorder('a', {}), recorder('b', {})], PUSH_EVENT_TYPES);
    expect(problems).toEqual([
      'features "a" and "b" both handle "group.changed": neither says which runs first (pushAfter)',
    ]);
  });

  it('finds two handlers that each say they run after the other', () => {
    const a = recorder('a', {}, { 'group.changed': ['b'] });
    const b = recorder('b', {}, { 'group.changed': ['a'] });
    expect(featureProblems([a, b], PUSH_EVENT_TYPES)).toEqual([
      'features "a" and "b" both handle "group.changed": each says it runs after the other (pushAfter)',
    ]);
  });

  it('runs the handlers of one event type in their declared order, whatever the list order', () => {
    const first = recorder('first', {});
    const second = recorder('second', {}, { 'group.changed': ['first'] });
    for (const list of [
      [first, second],
      [second, first],
    ]) {
      seen = [];
      expect(featureProblems(list, PUSH_EVENT_TYPES)).toEqual([]);
      const dispatch = pushDispatch(list, (f) => ({ name: f.name }));
      dispatch(changed);
      dispatch({ type: 'friend.changed' });
      expect(seen).toEqual(['first:g1', 'second:g1']);
    }
  });
});
