import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/follow`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('follow');
