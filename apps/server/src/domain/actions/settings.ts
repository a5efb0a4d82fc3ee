/** The message actions' settings, part of the domain (app/build-domain.ts builds them from the configuration). */
export interface ActionSettings {
  /** How long after sending a message its sender may recall it (PARLEY_REVOKE_WINDOW_S, rule ACT4). */
  revokeWindowSeconds: number;
}
