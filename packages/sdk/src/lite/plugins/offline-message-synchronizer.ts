import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/offline-message-synchronizer`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('offline-message-synchronizer');
