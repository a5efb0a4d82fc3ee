import { Button, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionNode } from './build-region-tree.ts';
import { useRegionTree } from './region-name.tsx';
import { REGION_SEPARATOR, shownLabels } from './region-names.ts';
import { RegionList, type RegionOption } from './region-list.tsx';

/** [province, city, district] codes; shorter when the choice stops higher up. */
export type RegionPath = string[];

/** What a choice tells its form besides the codes. */
export interface RegionChoice {
  /** The names of the chosen levels, for a display name (a posted job's city). */
  labels: string[];
  /** The choice is a place with nothing under it (Taiwan, Hong Kong, Macao; Dongguan; a district). */
  leaf: boolean;
}

/** The tree's nodes along a path of codes, as far as the tree knows them. */
function nodesOf(tree: readonly RegionNode[], path: readonly string[]): RegionNode[] {
  const nodes: RegionNode[] = [];
  let level: readonly RegionNode[] | undefined = tree;
  for (const code of path) {
    const node: RegionNode | undefined = level?.find((n) => n.value === code);
    if (!node) break;
    nodes.push(node);
    level = node.children;
  }
  return nodes;
}

/** Every place of the tree with its whole path, for the search (about 3,400). */
function flatten(tree: readonly RegionNode[], above: RegionNode[] = []): RegionNode[][] {
  return tree.flatMap((node) => [[...above, node], ...flatten(node.children ?? [], [...above, node])]);
}

const SEARCH_LIMIT = 50;

/**
 * The cascading region picker of seed 001 §3 (job filters, resume, job post): any level may be the answer. The field
 * shows names without the tree's placeholders (POR30). POR33: a button opens a dialog with one level at a time as a
 * listbox (arrow keys, Home/End, Enter), the levels above as buttons to go back to (the first clears the choice) and a
 * search over every place; it fits a 320 px screen (POR31) and passes axe (VIS7), which antd's Cascader did not.
 * Choosing a place with places under it chooses it and shows them; choosing one without closes the dialog.
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
  const tree = useRegionTree();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = useMemo(() => nodesOf(tree ?? [], value.filter(Boolean)), [tree, value]);
  const all = useMemo(() => (tree ? flatten(tree) : []), [tree]);
  const shown = shownLabels(chosen.map((n) => n.label)).join(REGION_SEPARATOR);
  const placeholder = t('portal.region.placeholder');

  const choose = (nodes: readonly RegionNode[]) => {
    const labels = nodes.map((n) => n.label);
    const leaf = nodes.length > 0 && !nodes.at(-1)?.children?.length;
    onChange(
      nodes.map((n) => n.value),
      labels,
      { labels, leaf },
    );
    setQuery('');
    if (leaf) setOpen(false);
  };

  // The level on show: the children of the last chosen place, or its siblings when it has none.
  const last = chosen.at(-1);
  const above = last?.children?.length ? chosen : chosen.slice(0, -1);
  const level = above.at(-1)?.children ?? tree ?? [];
  const q = query.trim();
  const options: RegionOption[] = q
    ? all
        .filter((path) => path.some((n) => n.label.includes(q)))
        .slice(0, SEARCH_LIMIT)
        .map((path) => ({
          key: path.map((n) => n.value).join('/'),
          label: shownLabels(path.map((n) => n.label)).join(REGION_SEPARATOR) || (path.at(-1)?.label ?? ''),
          more: Boolean(path.at(-1)?.children?.length),
          selected: false,
          pick: () => choose(path),
        }))
    : level.map((node) => ({
        key: node.value,
        label: node.label,
        more: Boolean(node.children?.length),
        selected: chosen.some((n) => n.value === node.value),
        pick: () => choose([...above, node]),
      }));

  return (
    <>
      <button
        type="button"
        {...(id ? { id } : {})}
        className="region-picker"
        aria-haspopup="dialog"
        aria-label={shown ? `${placeholder}: ${shown}` : placeholder}
        title={shown || placeholder}
        disabled={tree === null}
        onClick={() => setOpen(true)}
      >
        <span className={shown ? 'region-picker__value' : 'region-picker__value region-picker__value--empty'}>
          {shown || placeholder}
        </span>
        <span className="region-picker__arrow" aria-hidden="true">
          ▾
        </span>
      </button>
      <Modal
        open={open}
        title={placeholder}
        className="region-sheet"
        width="min(480px, calc(100vw - 16px))"
        onCancel={() => setOpen(false)}
        afterOpenChange={(isOpen) => {
          // The keyboard starts on the level's chosen place (else its first), not on the dialog's frame.
          if (isOpen) document.querySelector<HTMLElement>('.region-sheet__list [tabindex="0"]')?.focus();
          else setQuery('');
        }}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('portal.region.done')}
          </Button>
        }
      >
        <Input
          type="search"
          allowClear
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('portal.region.search')}
          aria-label={t('portal.region.search')}
          className="region-sheet__search"
        />
        {!q && (
          <ol className="region-sheet__crumbs" aria-label={t('portal.region.levels')}>
            {[[], ...above.map((_, i) => above.slice(0, i + 1))].map((path, i) => (
              <li key={path.map((n) => n.value).join('/') || 'all'}>
                <button
                  type="button"
                  className="region-sheet__crumb"
                  aria-current={i === above.length ? 'location' : undefined}
                  onClick={() => choose(path)}
                >
                  {path.at(-1)?.label ?? t('portal.region.all')}
                </button>
              </li>
            ))}
          </ol>
        )}
        <RegionList
          label={q ? t('portal.region.results') : (above.at(-1)?.label ?? t('portal.region.provinces'))}
          options={options}
          empty={t('portal.region.none')}
        />
      </Modal>
    </>
  );
}
