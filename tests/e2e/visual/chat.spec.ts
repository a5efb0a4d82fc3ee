import { CHAT_STATES } from './chat-states.ts';
import { guardStates } from './run-states.ts';
import { ALICE, PASSWORD, stageChat } from './stage.ts';

/** VIS1–VIS10 over the chat kit's states, seen as Alice with the staged users, group and messages. */
guardStates({
  states: CHAT_STATES,
  logins: { alice: { account: ALICE.userID, password: PASSWORD }, seeker: null, enterprise: null, visitor: null },
  stage: stageChat,
});
