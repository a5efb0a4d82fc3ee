import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/conversation`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('conversation');
