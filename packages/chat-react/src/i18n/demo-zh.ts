/** 演示（官方）模式的新手任务文案（决策 0054）。种子文档只给出任务计数，未给文案。 */
export const demoZh = {
  title: '新手任务',
  label: '新手任务清单',
  progress: '已完成 {{done}}/{{total}}',
  next: '下一步：{{task}}',
  allDone: '全部完成，欢迎使用！',
  show: '展开新手任务',
  hide: '收起新手任务',
  done: '已完成',
  todo: '未完成',
  tasks: {
    send: '发送一条消息',
    revoke: '撤回一条自己发送的消息',
    mute: '在群管理中禁言一位成员',
    dismiss: '解散一个自己创建的群',
    call: '发起一次语音或视频通话',
    nickname: '在“我”中修改昵称',
  },
};
