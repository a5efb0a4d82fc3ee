import { actionsZh } from './actions-zh.ts';
import { convGroupsZh } from './conv-groups-zh.ts';
import { callsZh } from './calls-zh.ts';
import { demoZh } from './demo-zh.ts';
import { reportsZh } from './reports-zh.ts';
import { contactsZh } from './contacts-zh.ts';
import { groupZh } from './group-zh.ts';
import { richZh } from './rich-zh.ts';
import { searchZh } from './search-zh.ts';
import { locationZh, voiceZh } from './voice-zh.ts';
/**
 * Chinese texts: the default and the fallback language (seed 000 §1). Each is the faithful counterpart of the English
 * text in `en.ts`, which keeps seed 000's English wording verbatim where the seed gives one.
 */
export const zh = {
  group: groupZh,
  // Conversation groups, folded and hidden chats (decision 0049)
  convGroups: convGroupsZh,
  // Rich messages (decision 0016)
  rich: richZh,
  // Search (SRCH48–SRCH55)
  search: searchZh,
  // Voice and location messages (decisions 0033, 0034)
  voice: voiceZh,
  location: locationZh,
  // Message actions (decision 0015)
  actions: actionsZh,
  // Contacts, profiles and presence (decision 0017)
  contacts: contactsZh,
  // Personal data (decision 0051)
  personalData: {
    title: '我的数据',
    exportHint: '可下载一份归档，包含你的资料、联系人、群组、你发送的消息和文件。',
    export: '下载我的数据',
    preparing: '正在准备…',
    download: '保存数据归档',
    exportTooSoon: '最近已生成过归档，请稍后再试',
    delete: '注销账号',
    deleteTitle: '注销账号',
    deleteWarning:
      '注销后无法恢复：你的资料、好友、群成员身份和文件将被删除，你发送的消息将显示为“已注销用户”。你拥有的群会转让给其他成员，没有其他成员的群将被解散。',
    password: '输入密码以确认',
    wrongPassword: '密码错误',
    cancel: '取消',
    deleteConfirm: '永久注销',
    deletedUser: '已注销用户',
  },
  // Pinned group messages (decision 0041)
  pins: {
    label: '置顶消息',
    position: '{{index}}/{{count}}',
    show: '查看置顶消息：{{text}}',
    unpin: '取消置顶',
    // PIN10: the message menu's items and the refusals' toasts
    pin: '置顶',
    refused: '只有群主和管理员可以置顶消息',
    refusedLimit: '这条消息无法置顶（最多置顶 10 条，已撤回的消息不可置顶）',
  },
  // Calls: media and UI (decision 0039)
  calls: callsZh,
  // Demo mode's tasks (decision 0054)
  demo: demoZh,
  // Message reports (decision 0055)
  reports: reportsZh,
  list: {
    title: '消息',
    label: '会话列表',
    empty: '暂无会话',
    newChat: '发起单聊',
    more: '更多操作',
    muted: '消息免打扰',
    pinned: '已置顶',
    draft: '[草稿]',
    unread: '{{count}} 条未读',
    // Conversation marks (decision 0043)
    markedUnread: '已标为未读',
    starred: '星标',
    networkError: '网络异常，请检查网络设置',
  },
  menu: {
    pin: '置顶会话',
    unpin: '取消置顶',
    mute: '消息免打扰',
    unmute: '取消免打扰',
    markUnread: '标为未读',
    markRead: '取消未读',
    star: '星标',
    unstar: '取消星标',
    delete: '删除会话',
    deleteTitle: '删除会话',
    deleteConfirm: '删除后将清空与“{{name}}”的聊天记录，确定删除吗？',
    deleteOk: '删除',
    deleteCancel: '取消',
  },
  chat: {
    empty: '选择一个会话开始聊天',
    back: '返回',
    viewMore: '查看更多',
    loading: '加载中…',
    loadFailed: '聊天界面加载失败，请检查网络连接。',
    retryLoad: '重试',
    backToLatest: '回到最新位置',
    newMessages_one: '{{count}} 条新消息',
    newMessages_other: '{{count}} 条新消息',
    messages: '消息列表',
  },
  message: {
    read: '已读',
    unread: '未读',
    sending: '发送中',
    failed: '发送失败，点击重新发送',
    queued: '尚未发送：网络已断开，恢复连接后将自动发送',
    unsupported: '[暂不支持的消息类型]',
    recalledByYou: '你撤回了一条消息',
    recalledBy: '{{name}}撤回了一条消息',
    image: '[图片]',
    audio: '[语音]',
    video: '[视频]',
    file: '[文件]',
    face: '[表情]',
    location: '[位置]',
    custom: '[自定义消息]',
    merger: '[聊天记录]',
    evaluation: '[服务评价]',
    order: '[订单]',
    consult: '[咨询服务]',
    call: '[通话]',
    groupTip: '[群提示消息]',
    groupSystemNotice: '[群系统通知]',
    announce: '{{name}}发来新消息：{{text}}',
  },
  input: {
    placeholder: '请输入消息',
    send: '发送',
    label: '消息输入框',
  },
  resend: {
    queued: '网络已断开，恢复连接后这条消息将自动发送。',
    cancelSend: '取消发送',
    keep: '继续等待',
    confirm: '确认重新发送该消息？',
    cancel: '取消',
    submit: '确定',
  },
  newChat: {
    title: '发起单聊',
    userID: '用户 ID',
    placeholder: '请输入对方的用户 ID',
    start: '开始聊天',
    cancel: '取消',
    required: '请输入用户 ID',
  },
  toast: {
    close: '关闭',
    error: '错误',
    repeated: '已出现 {{count}} 次',
  },
  errors: {
    prohibited: '您的消息可能包含违禁内容，请停止发送此类内容。',
    tooLong: '您发送的消息超过了最大长度（>8KB）。',
    network: '网络异常，请检查网络设置',
    userNotFound: '该用户不存在',
  },
  time: {
    justNow: '刚刚',
    minutesAgo_one: '{{count}} 分钟前',
    minutesAgo_other: '{{count}} 分钟前',
    hoursAgo_one: '{{count}} 小时前',
    hoursAgo_other: '{{count}} 小时前',
    daysAgo_one: '{{count}} 天前',
    daysAgo_other: '{{count}} 天前',
    weeksAgo_one: '{{count}} 周前',
    weeksAgo_other: '{{count}} 周前',
    yesterday: '昨天 {{time}}',
    weekdayAt: '{{weekday}} {{time}}',
    monthDay: '{{month}}月{{day}}日 {{time}}',
    fullDate: '{{year}}年{{month}}月{{day}}日 {{time}}',
    weekday0: '星期日',
    weekday1: '星期一',
    weekday2: '星期二',
    weekday3: '星期三',
    weekday4: '星期四',
    weekday5: '星期五',
    weekday6: '星期六',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type ChatMessages = Shape<typeof zh>;
