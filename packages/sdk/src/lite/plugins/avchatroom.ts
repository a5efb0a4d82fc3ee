import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/avchatroom`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('avchatroom');
