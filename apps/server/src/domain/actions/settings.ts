/** The message actions' settings, part of the domain (app/build-domain.ts builds them from the configuration). */
export interface ActionSettings {
  /** How long after sending a message its sender may recall it (PARLEY_REVOKE_WINDOW_S, rule ACT4). */
  revokeWindowSeconds: number;
  /**
   * How long after sending a text its sender may change its content (PARLEY_EDIT_WINDOW_S, EDIT2, decision 0046);
   * 0 for no limit. Absent: the protocol's default (EDIT_LIMITS).
   */
  editWindowSeconds?: number;
}
