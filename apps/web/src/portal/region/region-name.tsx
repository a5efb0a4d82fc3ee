import { useEffect, useState } from 'react';
import type { RegionNode } from './build-region-tree.ts';
import { loadRegionTree, regionName } from './region-names.ts';

/** The region tree once loaded (null before; an empty tree when it cannot be loaded). */
export function useRegionTree(): RegionNode[] | null {
  const [nodes, setNodes] = useState<RegionNode[] | null>(null);
  useEffect(() => {
    let live = true;
    loadRegionTree().then(
      (loaded) => live && setNodes(loaded),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return nodes;
}

/** A region code shown by its name (rule POR30): '-' for none; the code itself only if the tree does not know it. */
export function RegionName({ code }: { code: string }) {
  const tree = useRegionTree();
  if (!code) return <>-</>;
  if (!tree) return <span aria-busy="true">…</span>;
  return <span data-testid="region-name">{regionName(tree, code) ?? code}</span>;
}
