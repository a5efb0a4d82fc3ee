import { GROUP_LIMITS, ParleyError, utf8Length } from '@parley/protocol';

export interface CustomField {
  key: string;
  value: string;
}

/** A stored custom-field list (JSON array of {key, value}); a damaged value reads as empty. */
export function parseFields(json: string): CustomField[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (f): f is CustomField => typeof f?.key === 'string' && typeof f?.value === 'string' && f.value !== '',
    );
  } catch {
    return [];
  }
}

export type FieldOwner = 'group' | 'member';

const LIMITS: Record<FieldOwner, { count: number; valueBytes: number }> = {
  group: { count: GROUP_LIMITS.groupCustomFields, valueBytes: GROUP_LIMITS.groupCustomValueBytes },
  member: { count: GROUP_LIMITS.memberCustomFields, valueBytes: GROUP_LIMITS.memberCustomValueBytes },
};

/**
 * Applies a patch to a stored list (rule GRP19): a key given again replaces its value in place, a new key is added
 * at the end, an empty value deletes the key. A key twice in one patch, a value over its byte limit or a result with
 * more keys than allowed is refused (10004) before anything is written. Returns the new JSON, or undefined when
 * nothing changes.
 */
export function mergeFields(stored: string, patch: readonly CustomField[], owner: FieldOwner): string | undefined {
  const limit = LIMITS[owner];
  const seen = new Set<string>();
  for (const f of patch) {
    if (seen.has(f.key)) throw ParleyError.of('GROUP_INVALID_PARAMETER', `The custom field ${f.key} is given twice`);
    seen.add(f.key);
    if (utf8Length(f.value) > limit.valueBytes)
      throw ParleyError.of(
        'GROUP_INVALID_PARAMETER',
        `The custom field ${f.key} is longer than ${limit.valueBytes} bytes`,
      );
  }
  const before = parseFields(stored);
  const next = new Map(before.map((f) => [f.key, f.value]));
  for (const f of patch) {
    if (f.value === '') next.delete(f.key);
    else next.set(f.key, f.value);
  }
  if (next.size > limit.count)
    throw ParleyError.of('GROUP_INVALID_PARAMETER', `A ${owner} has at most ${limit.count} custom fields`);
  const after = [...next].map(([key, value]) => ({ key, value }));
  const json = JSON.stringify(after);
  return json === JSON.stringify(before) ? undefined : json;
}
