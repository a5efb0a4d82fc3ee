import { useMemo } from 'react';
import type { NameOf } from '../names/name-store.ts';
import { useKit } from '../provider/kit-context.ts';
import { useStore } from './use-store.ts';

/** The name resolver (KGRP15) of a context, re-rendering when a looked-up name arrives. */
export function useNameOf(groupID?: string | null): NameOf {
  const { names } = useKit();
  const version = useStore(names);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version is a new answer from the same resolver.
  return useMemo(() => names.nameOf(groupID), [names, groupID, version]);
}
