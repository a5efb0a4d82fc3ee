/** Seed 001 §5: the transfer picker's rules (KGRP5). Pure, so the component only renders them. */

export interface PickerOption {
  id: string;
  label: string;
  avatar?: string | undefined;
  disabled?: boolean | undefined;
}

/** Select-all appears only when more than one option exists and not in single-select. */
export const showSelectAll = (options: readonly PickerOption[], multiple: boolean) => multiple && options.length > 1;

/** Disabled items cannot be selected; in single-select a new choice replaces the old one; multi-select toggles. */
export function toggle(selected: readonly string[], option: PickerOption, multiple: boolean): string[] {
  if (option.disabled) return [...selected];
  if (!multiple) return [option.id];
  return selected.includes(option.id) ? selected.filter((id) => id !== option.id) : [...selected, option.id];
}

/** Select-all picks every enabled option, or clears them when all are picked already. */
export function toggleAll(selected: readonly string[], options: readonly PickerOption[]): string[] {
  const enabled = options.filter((o) => !o.disabled).map((o) => o.id);
  return enabled.every((id) => selected.includes(id)) ? [] : enabled;
}

/** Done with no selection does nothing (greyed). */
export const canFinish = (selected: readonly string[]) => selected.length > 0;
