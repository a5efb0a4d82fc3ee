/**
 * Seed 001 §2.4's six preset avatars, served by the host app (Parley's web app ships them in public/avatars): the
 * same paths the server accepts (rule IN5).
 */
export const PRESET_AVATARS: readonly string[] = [1, 2, 3, 4, 5, 6].map((n) => `/avatars/avatar-${n}.svg`);
