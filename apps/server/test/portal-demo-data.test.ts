import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../src/app/portal-demo-content.ts';
import { articleDatesInOrder } from '../src/domain/portal/content-actions.ts';

const DAY = 86_400;

describe('portal demo data', () => {
  it('PCP17 no demo article ends before it starts (an exam notice opens registration before its deadline)', () => {
    for (const a of DEMO_ARTICLES) {
      const starts = a.startsInDays === undefined ? 0 : 1_800_000_000 + a.startsInDays * DAY;
      const ends = a.endsInDays === undefined ? 0 : 1_800_000_000 + a.endsInDays * DAY;
      expect(articleDatesInOrder(starts, ends), a.title).toBe(true);
    }
    expect(articleDatesInOrder(200, 100)).toBe(false);
    expect(articleDatesInOrder(0, 100)).toBe(true);
    expect(articleDatesInOrder(200, 0)).toBe(true);
  });

  it('PCP18 the expert think-tank has experts of its own, not the training courses', () => {
    const experts = DEMO_ARTICLES.filter((a) => a.kind === 'expert');
    expect(experts.length).toBeGreaterThanOrEqual(3);
    const courses = new Set(DEMO_ARTICLES.filter((a) => a.kind === 'train').map((a) => a.title));
    for (const e of experts) expect(courses.has(e.title)).toBe(false);
  });
});
