import { lazy, Suspense } from 'react';
import { useStore } from '../hooks/use-store.ts';
import { useWanted } from '../hooks/use-wanted.ts';
import { useKit } from './kit-context.ts';

const DeleteDialog = lazy(() =>
  import('../conversation-list/delete-dialog.tsx').then((m) => ({ default: m.DeleteDialog })),
);

/** UI1's confirmation, loaded the first time a delete is asked for (PERF4) and kept mounted from then on. */
export function LazyDeleteDialog() {
  const kit = useKit();
  const wanted = useWanted(useStore(kit.deleteRequest) !== null);
  return wanted ? (
    <Suspense fallback={null}>
      <DeleteDialog />
    </Suspense>
  ) : null;
}
