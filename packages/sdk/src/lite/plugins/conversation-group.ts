import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/conversation-group`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('conversation-group');
