import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegionNode } from './build-region-tree.ts';
import { useRegionTree } from './region-name.tsx';
import { REGION_SEPARATOR, shownLabels } from './region-names.ts';

/** [province, city, district] codes; shorter when the choice stops higher up. */
export type RegionPath = string[];

/** What a choice tells its form besides the codes. */
export interface RegionChoice {
  /** The names of the chosen levels, for a display name (a posted job's city). */
  labels: string[];
  /** The choice is a place with nothing under it (Taiwan, Hong Kong, Macao; Dongguan; a district). */
  leaf: boolean;
}

/**
 * The cascading region picker of seed 001 §3 (job filters, resume, job post): any level may be the answer. The field
 * shows names without the tree's placeholders (POR30); on a phone the columns scroll side by side inside the
 * window (POR31).
 */
export function RegionPicker({
  value,
  onChange,
  id,
}: {
  value: RegionPath;
  onChange: (path: RegionPath, labels: string[], choice: RegionChoice) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const options = useRegionTree();
  return (
    <Cascader
      {...(id ? { id } : {})}
      className="region-picker"
      classNames={{ popup: { root: 'region-picker-popup' } }}
      placement="bottomLeft"
      options={options ?? []}
      loading={options === null}
      value={value.filter(Boolean)}
      changeOnSelect
      showSearch
      placeholder={t('portal.region.placeholder')}
      aria-label={t('portal.region.placeholder')}
      displayRender={(labels) => shownLabels(labels.map(String)).join(REGION_SEPARATOR)}
      onChange={(path, chosen) => {
        const nodes = (chosen ?? []) as RegionNode[];
        const labels = nodes.map((n) => n.label);
        const last = nodes.at(-1);
        onChange(((path ?? []) as string[]).map(String), labels, {
          labels,
          leaf: Boolean(last) && !last?.children?.length,
        });
      }}
    />
  );
}
