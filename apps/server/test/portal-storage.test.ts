import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Storage } from '../src/domain/ports.ts';
import { migrateTo, migrateToLatest } from '../src/storage/migrations.ts';
import { KINDS, pgUrl } from './support/messaging.ts';
import { freshPostgres, freshSqlite, migrating } from './support/storage.ts';
import { newProfileRow } from '../src/domain/accounts/actions.ts';

/** The portal repo's own guarantees, on both databases (PRT12-PRT15 rest on them). */
describe.each(KINDS)('portal storage (%s)', (kind) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  async function open(): Promise<{ storage: Storage; schema: string | undefined }> {
    const fresh = kind === 'postgres' && pgUrl ? await freshPostgres(pgUrl) : await freshSqlite();
    close = fresh.close;
    return { storage: fresh.storage, schema: 'schema' in fresh ? fresh.schema : undefined };
  }

  const account = (storage: Storage, userID: string) =>
    storage.accounts.create(
      { userID, passwordHash: null, mobile: null, identity: 1, createdAt: 1 },
      newProfileRow(userID, 1, { nick: userID }),
    );

  it('PRT14 blocks are replaced by id; PRT12 resumes upserted; PRT13 one expert application per user', async () => {
    const { storage } = await open();
    const p = storage.portal;
    await p.putBlock({ id: 42, kind: 'block', title: 'a', image: '', content: '<p>1</p>', updatedAt: 1 });
    await p.putBlock({ id: 42, kind: 'block', title: 'b', image: '', content: '<p>2</p>', updatedAt: 2 });
    expect(await p.block(42)).toEqual({
      id: 42,
      kind: 'block',
      title: 'b',
      image: '',
      content: '<p>2</p>',
      updatedAt: 2,
    });
    await account(storage, 'amy');
    const resume = {
      userID: 'amy',
      name: 'Amy',
      gender: 2,
      birthYear: 2000,
      education: '本科',
      citys: '140100',
      intention: '',
      intro: '',
      updatedAt: 1,
    };
    await p.putResume(resume);
    await p.putResume({ ...resume, intro: 'hi', updatedAt: 2 });
    expect(await p.resume('amy')).toEqual({ ...resume, intro: 'hi', updatedAt: 2 });
    const app = { userID: 'amy', field: 'f', intro: 'i', status: 0, createdAt: 1 };
    expect(await p.addExpertApplication(app)).toBe(true);
    expect(await p.addExpertApplication({ ...app, field: 'other' })).toBe(false);
    expect((await p.expertApplication('amy'))?.field).toBe('f');
  });

  it('PRT15 keyword search treats % and _ literally and ignores case; totals count every match', async () => {
    const { storage } = await open();
    const p = storage.portal;
    await account(storage, 'co');
    await p.putJobGroup({ id: 1, title: 'IT', sort: 1 });
    const job = {
      companyID: 'co',
      groupID: 1,
      nature: 0,
      salary: '',
      province: '',
      citys: '',
      area: '',
      cityName: '',
      address: '',
      education: '',
      experience: '',
      headcount: 1,
      description: '',
      requirements: '',
      lng: 0,
      lat: 0,
      status: 1,
    };
    await p.putJob({ ...job, id: 1, title: 'Java_Dev', createdAt: 1 });
    await p.putJob({ ...job, id: 2, title: 'JavaXDev', createdAt: 2 });
    await p.putJob({ ...job, id: 3, title: '100% remote', createdAt: 3 });
    const search = async (keyword: string) =>
      (await p.searchJobs({ keyword, offset: 0, limit: 10 })).rows.map((r) => r.id);
    expect(await search('java_')).toEqual([1]);
    expect(await search('JAVA')).toEqual([2, 1]);
    expect(await search('0%')).toEqual([3]);
    expect(await search('it')).toEqual([3, 2, 1]);
    const page = await p.searchJobs({ offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows.map((r) => r.id)).toEqual([2]);
  });

  it('ST0 migration 0006_portal goes down and up again', async () => {
    const { storage, schema } = await open();
    const db = (storage as unknown as { db: Kysely<unknown> }).db;
    const url = kind === 'postgres' ? pgUrl : undefined;
    await migrating(url, () => migrateTo(db, '0003_sessions_revocation', schema));
    await expect(storage.portal.countJobGroups()).rejects.toThrow();
    await migrating(url, () => migrateToLatest(db, schema));
    expect(await storage.portal.countJobGroups()).toBe(0);
  });
});
