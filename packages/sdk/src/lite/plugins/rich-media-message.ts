import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/rich-media-message`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('rich-media-message');
