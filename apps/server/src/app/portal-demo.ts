import { type Domain, nowSeconds } from '../domain/context.ts';
import { articleDatesInOrder } from '../domain/portal/content-actions.ts';
import { DEMO_ARTICLES, DEMO_BLOCKS } from './portal-demo-content.ts';
import { DEMO_COMPANIES, DEMO_JOBS, DEMO_JOB_GROUPS } from './portal-demo-jobs.ts';
import { qrLikeSvg } from './portal-qr.ts';

const DAY = 86_400;

/**
 * Resume states (PRT12): 张伟 and 王芳 complete, 李娜 missing her introduction and intention, so her top bar
 * shows the 'complete resume' badge.
 */
const DEMO_RESUMES = [
  {
    userID: 'zhangwei',
    name: '张伟',
    gender: 1,
    birthYear: 1996,
    education: '本科',
    citys: '140100',
    intention: '前端开发工程师',
    intro: '三年前端经验，熟悉 React 与 TypeScript。',
  },
  {
    userID: 'lina',
    name: '李娜',
    gender: 2,
    birthYear: 2002,
    education: '本科',
    citys: '140100',
    intention: '',
    intro: '',
  },
  {
    userID: 'wangfang',
    name: '王芳',
    gender: 2,
    birthYear: 1994,
    education: '大专',
    citys: '610100',
    intention: '仓库管理',
    intro: '五年仓储管理经验。',
  },
] as const;

/** Seeds the portal's demo content once, into an empty portal (called by the demo seed). */
export async function seedPortalDemo(d: Domain): Promise<void> {
  if ((await d.storage.portal.countJobGroups()) > 0) return;
  const now = nowSeconds(d);
  await d.storage.transaction(async (tx) => {
    for (const [i, title] of DEMO_JOB_GROUPS.entries()) await tx.portal.putJobGroup({ id: i + 1, title, sort: i + 1 });
    for (const [userID, c] of Object.entries(DEMO_COMPANIES)) await tx.portal.putCompany({ userID, ...c });
    for (const [i, j] of DEMO_JOBS.entries()) {
      await tx.portal.putJob({
        id: i + 1,
        companyID: j.company,
        groupID: j.group + 1,
        title: j.title,
        nature: j.nature,
        salary: j.salary,
        ...j.city,
        address: DEMO_COMPANIES[j.company].address,
        education: j.education,
        experience: j.experience,
        headcount: j.headcount,
        description: j.description,
        requirements: j.requirements,
        status: 1,
        createdAt: now - (i + 1) * 5400,
      });
    }
    for (const [i, a] of DEMO_ARTICLES.entries()) {
      const startsAt = a.startsInDays === undefined ? 0 : now + a.startsInDays * DAY;
      const endsAt = a.endsInDays === undefined ? 0 : now + a.endsInDays * DAY;
      if (!articleDatesInOrder(startsAt, endsAt)) throw new Error(`demo article ${a.title}: it ends before it starts`);
      await tx.portal.putArticle({
        id: i + 1,
        kind: a.kind,
        sub: a.sub ?? 0,
        title: a.title,
        summary: a.summary,
        content: a.content,
        image: '',
        source: a.source,
        place: a.place ?? '',
        startsAt,
        endsAt,
        createdAt: now - (i + 1) * 7200,
      });
    }
    for (const b of DEMO_BLOCKS) {
      const image = b.image.startsWith('qr:') ? qrLikeSvg(b.image.slice(3)) : b.image;
      await tx.portal.putBlock({ ...b, image, updatedAt: now });
    }
    for (const r of DEMO_RESUMES) await tx.portal.putResume({ ...r, updatedAt: now });
  });
}
