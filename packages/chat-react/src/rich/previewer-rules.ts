/** The image previewer's limits (decision 0016), pure so they are unit-tested (test/rich-rules.test.ts). */
export const WHEEL_ZOOM = { min: 0.125, max: 4 } as const;
export const PINCH_ZOOM = { min: 0.5, max: 4 } as const;
export const ZOOM_STEP = 0.1;
export const SWIPE_THRESHOLD = 100;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const round = (v: number) => Math.round(v * 1000) / 1000;

/** One wheel notch: up zooms in by a step, down out by a step, within 0.125–4. */
export function wheelZoom(scale: number, deltaY: number): number {
  if (deltaY === 0) return scale;
  return round(clamp(scale + (deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP), WHEEL_ZOOM.min, WHEEL_ZOOM.max));
}

/** A pinch: the distance ratio scales, in steps of 0.1, within 0.5–4. */
export function pinchZoom(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startScale;
  const raw = startScale * (distance / startDistance);
  return round(clamp(Math.round(raw / ZOOM_STEP) * ZOOM_STEP, PINCH_ZOOM.min, PINCH_ZOOM.max));
}

/** Rotation by 90° steps, kept in 0–270. */
export const rotate = (degrees: number, by: 90 | -90 = 90): number => (((degrees + by) % 360) + 360) % 360;

/** A horizontal swipe past 100 px: -1 (to the previous image, finger moved right), 1 (next) or 0. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx > 0 ? -1 : 1;
}

/** The next index within the list, or the same one at either end. */
export const step = (index: number, by: -1 | 0 | 1, length: number): number =>
  clamp(index + by, 0, Math.max(0, length - 1));
