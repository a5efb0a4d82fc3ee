import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/push-token-register`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('push-token-register');
