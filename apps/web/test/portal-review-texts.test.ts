import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import zh from '../src/i18n/zh.json';

/** PCP16: a local format check is never presented as a registry's verification, in either language. */
describe('verification texts', () => {
  it('PCP16 the verification and certification pages call the result a format check awaiting manual review', () => {
    const pages = [zh.portal.pages, en.portal.pages];
    for (const p of pages) {
      for (const key of ['verified', 'certified', 'verifyDone', 'certifyDone', 'certifiedYes'] as const)
        expect(p[key]).toMatch(/待人工审核|等待平台人工审核|awaiting manual review|awaits manual review/);
      for (const key of ['verifyIntro', 'certifyIntro', 'reviewNote'] as const)
        expect(p[key]).toMatch(/不连接|无法在线查询|no (government|business) registry|cannot look/);
    }
    expect(JSON.stringify([zh.portal.pages.verified, zh.portal.pages.certified])).not.toContain('已认证');
  });
});
