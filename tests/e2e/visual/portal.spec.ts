import { DEMO_PASSWORD, ENTERPRISE, SEEKER } from '../portal-support.ts';
import { PORTAL_STATES } from './portal-states.ts';
import { guardStates } from './run-states.ts';

/** VIS1–VIS10 over the portal's pages: the demo accounts on the lane's own server, whose data only this file reads. */
guardStates({
  states: PORTAL_STATES,
  logins: {
    alice: null,
    visitor: null,
    seeker: { account: SEEKER.userID, password: DEMO_PASSWORD },
    enterprise: { account: ENTERPRISE.userID, password: DEMO_PASSWORD },
  },
});
