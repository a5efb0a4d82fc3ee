import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionNode } from './build-region-tree.ts';

/** The tree is a static file written at build time (scripts/region-tree.ts), fetched the first time a picker shows. */
let tree: Promise<RegionNode[]> | null = null;
function loadTree(): Promise<RegionNode[]> {
  tree ??= fetch('/region-tree.json').then((r) => {
    if (!r.ok) throw new Error(`region tree: HTTP ${r.status}`);
    return r.json() as Promise<RegionNode[]>;
  });
  tree.catch(() => {
    tree = null;
  });
  return tree;
}

/** [province, city, district] codes; shorter when the choice stops higher up. */
export type RegionPath = string[];

/** The cascading region picker of seed 001 §3 (job filters, resume): any level may be the answer. */
export function RegionPicker({
  value,
  onChange,
  id,
}: {
  value: RegionPath;
  /** `labels`: the names of the chosen levels, for a display name (a posted job's city). */
  onChange: (path: RegionPath, labels: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<RegionNode[] | null>(null);
  useEffect(() => {
    let live = true;
    loadTree().then(
      (nodes) => live && setOptions(nodes),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Cascader
      {...(id ? { id } : {})}
      className="region-picker"
      options={options ?? []}
      loading={options === null}
      value={value.filter(Boolean)}
      changeOnSelect
      showSearch
      placeholder={t('portal.region.placeholder')}
      aria-label={t('portal.region.placeholder')}
      onChange={(path, chosen) =>
        onChange(
          ((path ?? []) as string[]).map(String),
          ((chosen ?? []) as RegionNode[]).map((n) => n.label),
        )
      }
    />
  );
}
