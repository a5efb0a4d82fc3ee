/**
 * VIS8: states × variants whose only serious axe finding is colour contrast, which the theme's tokens fix (not this
 * suite). For these the test still runs every other rule and fails once contrast passes, so the list only shrinks.
 * Empty it when the theme work is merged and the suite re-run.
 */
export const CONTRAST_PENDING: ReadonlySet<string> = new Set<string>([]);
