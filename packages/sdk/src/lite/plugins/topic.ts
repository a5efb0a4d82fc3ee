import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/topic`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('topic');
