import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/cloud-search`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('cloud-search');
