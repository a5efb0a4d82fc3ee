import { ADMIN_KEY_HEADER, PORTAL_ACCESS, PORTAL_CALLS, type PortalCallName, ROUTES } from '@parley/protocol';
import { ADMIN_KEY } from '../../reliability/lib/parley-server.ts';
import { judge, send } from '../lib/http.ts';
import { exampleOf, type JsonSchema } from '../lib/openapi.ts';
import { portalCall, portalVerdict } from '../lib/portal.ts';
import type { Site } from '../lib/servers.ts';
import { login, PASSWORD } from '../lib/site-api.ts';
import type { Tally } from '../lib/tally.ts';

/** Calls that open or end a session: S6 and S3 attack them; here they would log the callers out. */
const SESSION_CALLS = new Set<PortalCallName>(['user/register', 'user/login', 'user/logout']);

interface PortalCaller {
  name: string;
  /** 0 visitor, 1 job seeker, 2 enterprise. */
  identity: number;
  cookie: string | undefined;
  userID: string | undefined;
}

/** PRT5: which callers a call must refuse, from its access level. */
export function mustRefusePortal(access: string, identity: number): boolean {
  if (access === PORTAL_ACCESS.PUBLIC) return false;
  if (identity === 0) return true;
  if (access === PORTAL_ACCESS.SEEKER) return identity !== 1;
  if (access === PORTAL_ACCESS.ENTERPRISE) return identity !== 2;
  return false;
}

async function enterprise(site: Site, userID: string, address: string): Promise<PortalCaller> {
  const created = await send({
    port: site.port,
    method: 'POST',
    path: ROUTES.adminAccounts,
    headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY },
    body: { userID, password: PASSWORD, identity: 2 },
  });
  if (created.status !== 201) throw new Error(`S2 portal enterprise: ${created.status} ${created.text}`);
  const session = await login(site, userID, PASSWORD, { origin: site.origin, localAddress: address });
  if (!session.cookie) throw new Error(`S2 portal enterprise login: ${session.res.status}`);
  return { name: 'an enterprise', identity: 2, cookie: session.cookie, userID };
}

/**
 * S2 for the portal API, which the route matrix cannot judge: its calls are sealed in the 3DES envelope and a
 * refused call is HTTP 200 with a code in the envelope. Every call of PORTAL_CALLS, with a payload of its own
 * shape, as a visitor, a job seeker and an enterprise: a call the access level forbids must be refused (PRT5), and
 * a `uid` of someone else must be refused wherever the call takes one (PRT6).
 */
export async function portalMatrix(
  t: Tally,
  site: Site,
  seeker: { userID: string; cookie: string },
  victim: string,
  address: string,
): Promise<void> {
  const callers: PortalCaller[] = [
    { name: 'a visitor', identity: 0, cookie: undefined, userID: undefined },
    { name: 'a job seeker', identity: 1, cookie: seeker.cookie, userID: seeker.userID },
    await enterprise(site, `s2ent_${Date.now().toString(36)}`, address),
  ];
  let calls = 0;
  let allowed = 0;
  for (const [name, spec] of Object.entries(PORTAL_CALLS) as [
    PortalCallName,
    (typeof PORTAL_CALLS)[PortalCallName],
  ][]) {
    if (SESSION_CALLS.has(name)) continue;
    calls += 1;
    const request = spec.request as unknown as JsonSchema;
    const takesUid = Boolean(request.properties?.uid);
    for (const caller of callers) {
      const headers: Record<string, string> = { origin: site.origin };
      if (caller.cookie) headers.cookie = `parley_sid=${caller.cookie}`;
      // Own data where a uid is taken; a wrong old password, so user/uppass changes nothing.
      const hints = { uid: caller.userID ?? victim, old: 'not-the-password-1', password: 'Another-pass-2' };
      const what = `${caller.name} → /tapi/${name}`;
      const res = await portalCall(site.port, name, exampleOf(request, hints), headers, address);
      judge(t, what, res);
      t.tried();
      if (portalVerdict(res) === 'allowed') allowed += 1;
      if (mustRefusePortal(spec.access, caller.identity) && portalVerdict(res) === 'allowed') {
        t.found('wronglyAllowed', `${what} (access ${spec.access}) answered code 1`);
      }
      if (!takesUid || !caller.userID) continue;
      // The uid is optional in most calls, and the example fills only required fields: set it.
      const payload = { ...(exampleOf(request, hints) as object), uid: victim };
      const other = await portalCall(site.port, name, payload, headers, address);
      judge(t, `${what} with another user's uid`, other);
      t.tried();
      if (portalVerdict(other) === 'allowed') t.found('wronglyAllowed', `${what} accepted another user's uid`);
    }
  }
  t.set('portalCalls', calls);
  t.set('portalAllowed', allowed);
  // A matrix whose payloads every call refused would prove nothing about the refusals.
  t.check(allowed >= 10, 'wronglyDenied', `only ${allowed} portal calls ran for a caller allowed to make them`);
}
