import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/message-enhancer`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('message-enhancer');
