import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/signaling`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('signaling');
