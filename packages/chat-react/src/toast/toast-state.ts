/**
 * Seed 000 §8–9: one shared toast display. Default duration 3000 ms, offset from the edge and gap between toasts
 * 20 px; a toast with the same text as a visible one raises that toast's counter and restarts its timer.
 */
export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 20;
export const TOAST_GAP_PX = 20;

export type ToastType = 'error' | 'warning' | 'info' | 'success';

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
  count: number;
  expiresAt: number;
}

export interface ToastInput {
  type: ToastType;
  text: string;
  durationMs?: number;
}

export function pushToast(list: readonly Toast[], input: ToastInput, now: number, id: number): Toast[] {
  const expiresAt = now + (input.durationMs ?? TOAST_DURATION_MS);
  const same = list.findIndex((toast) => toast.text === input.text && toast.expiresAt > now);
  if (same === -1) return [...list, { id, type: input.type, text: input.text, count: 1, expiresAt }];
  return list.map((toast, i) => (i === same ? { ...toast, count: toast.count + 1, expiresAt } : toast));
}

export function expireToasts(list: readonly Toast[], now: number): readonly Toast[] {
  const kept = list.filter((toast) => toast.expiresAt > now);
  return kept.length === list.length ? list : kept;
}

export function dismissToast(list: readonly Toast[], id: number): readonly Toast[] {
  return list.filter((toast) => toast.id !== id);
}

/** The next moment a toast expires, for one timer instead of one per toast. */
export function nextExpiry(list: readonly Toast[]): number | null {
  return list.reduce<number | null>(
    (min, toast) => (min === null || toast.expiresAt < min ? toast.expiresAt : min),
    null,
  );
}
