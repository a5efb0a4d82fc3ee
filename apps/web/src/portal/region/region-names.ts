import type { RegionNode } from './build-region-tree.ts';

/**
 * Names of region codes (rule POR30). The tree's level 2 has placeholders that are no place of their own (the
 * districts under a municipality, the county-level units a province administers directly): a name never shows them,
 * '北京市 / 市辖区' is '北京市', '北京市 / 市辖区 / 海淀区' is '北京市 / 海淀区'.
 */
export const PLACEHOLDER_LABELS: ReadonlySet<string> = new Set([
  '市辖区',
  '县',
  '省直辖县级行政区划',
  '自治区直辖县级行政区划',
]);

export const REGION_SEPARATOR = ' / ';

/** The labels worth showing, in order. */
export function shownLabels(labels: readonly string[]): string[] {
  return labels.filter((label) => label && !PLACEHOLDER_LABELS.has(label));
}

/** A six-digit code's path in the tree, from its digits alone: 220403 → [220000, 220400, 220403]. */
export function regionPathOf(code: string): string[] {
  if (!/^\d{6}$/.test(code)) return [];
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  if (code === province) return [province];
  if (code === city) return [province, city];
  return [province, city, code];
}

/** The nodes along a code's path; empty when the tree has no such place. */
export function regionNodes(tree: readonly RegionNode[], code: string): RegionNode[] {
  const nodes: RegionNode[] = [];
  let level: readonly RegionNode[] | undefined = tree;
  for (const value of regionPathOf(code)) {
    const node: RegionNode | undefined = level?.find((n) => n.value === value);
    if (!node) return [];
    nodes.push(node);
    level = node.children;
  }
  return nodes;
}

/** '吉林省 / 辽源市 / 龙山区' for 220403; null for a code that is no place of the tree. */
export function regionName(tree: readonly RegionNode[], code: string): string | null {
  const nodes = regionNodes(tree, code);
  return nodes.length ? shownLabels(nodes.map((n) => n.label)).join(REGION_SEPARATOR) : null;
}

/** The tree is a static file written at build time (scripts/region-tree.ts), fetched the first time it is needed. */
let tree: Promise<RegionNode[]> | null = null;
export function loadRegionTree(): Promise<RegionNode[]> {
  tree ??= fetch('/region-tree.json').then((r) => {
    if (!r.ok) throw new Error(`region tree: HTTP ${r.status}`);
    return r.json() as Promise<RegionNode[]>;
  });
  tree.catch(() => {
    tree = null;
  });
  return tree;
}
