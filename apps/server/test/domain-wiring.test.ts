import { afterEach, describe, expect, it } from 'vitest';
import { type DomainParts, buildDomain } from '../src/app/build-domain.ts';
import { bareParts } from './support/domain.ts';
import { freshSqlite } from './support/storage.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function parts(): Promise<DomainParts> {
  const s = await freshSqlite();
  closers.push(s.close);
  return bareParts(s.storage);
}

describe('domain wiring', () => {
  it('building the domain without one of its parts fails at start-up and names the part', async () => {
    const all = await parts();
    const names = [
      'presence',
      'sendLimits',
      'actionSettings',
      'groupFeatures',
      'groupLimits',
      'uploadRefs',
      'throttle',
      'meter',
    ] as const;
    for (const name of [...names, 'bus'] as const) {
      const without = { ...all, [name]: undefined } as unknown as DomainParts;
      expect(() => buildDomain(without), name).toThrow(`Domain wiring: missing ${name} (`);
    }
    const none = { storage: all.storage } as unknown as DomainParts;
    expect(() => buildDomain(none)).toThrow(
      /missing bus, clock, secret, .*, groupFeatures, groupLimits, uploadRefs, meter \(/,
    );
    // A storage without an upload ledger says so: null is a stated part, not a missing one.
    expect(buildDomain({ ...all, uploadRefs: null }).uploadRefs).toBeNull();
  });

  it('a built domain holds its per-node state, one of each per domain, over the parts it was given', async () => {
    const all = await parts();
    const a = buildDomain(all);
    const b = buildDomain(all);
    expect(a.presence).toBe(all.presence);
    expect(a.sendPath.limits).toBe(all.sendLimits);
    expect(a.actionSettings).toBe(all.actionSettings);
    expect(a.groupFeatures).toBe(all.groupFeatures);
    // Two domains over one storage no longer share state through a registry keyed on it.
    expect(a.sendPath.writer).not.toBe(b.sendPath.writer);
    expect(a.blocks).not.toBe(b.blocks);
    expect(a.lastSend).not.toBe(b.lastSend);
    expect(a.groupChurn.tips).not.toBe(b.groupChurn.tips);
    expect(a.groupChurn.maxGroupsPerUser).toBe(all.groupLimits.maxPerUser);
    expect(a.statusNotices).not.toBe(b.statusNotices);
    expect(a.uploadRefs).toBe(all.uploadRefs);
  });
});
