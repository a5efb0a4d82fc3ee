import { PORTAL_QUOTA, ParleyError } from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';

/** Invitations count against the package over the last 30 days. */
export const QUOTA_WINDOW_SECONDS = 30 * 86_400;

/** PCP12: refuses what would go past the package's limit. */
export async function checkQuota(d: Domain, companyID: string, what: 'openJobs' | 'invitations'): Promise<void> {
  const used = await d.storage.portal.usage(companyID, nowSeconds(d) - QUOTA_WINDOW_SECONDS);
  const limit = what === 'openJobs' ? PORTAL_QUOTA.openJobs : PORTAL_QUOTA.invitationsPerMonth;
  if (used[what] >= limit) throw ParleyError.of('PORTAL_QUOTA_EXCEEDED');
}
