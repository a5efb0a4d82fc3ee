/** A translate function bound to the kit's namespace. Kept independent of i18next's key typing, which a host app
 * may narrow to its own resources through module augmentation. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
