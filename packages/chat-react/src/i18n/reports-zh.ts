/** 举报消息 (decision 0055, RPT15–RPT18). */
export const reportsZh = {
  action: '举报',
  title: '举报这条消息',
  text: '管理员会查看这条消息及它之前的几条消息，处理结果会通过系统通知告诉你。',
  reasonLabel: '举报原因',
  reasons: { spam: '垃圾广告', abuse: '辱骂骚扰', illegal: '违法内容', other: '其他' },
  note: '补充说明（选填）',
  notePlaceholder: '最多 200 字',
  cancel: '取消',
  submit: '举报',
  sent: '已举报，感谢你的反馈',
  outcomes: {
    removed: '你举报的消息已被管理员移除。',
    muted: '你举报的消息已处理：发送者在该群中被禁言。',
    disabled: '你举报的消息已处理：发送者的账号已被停用。',
    dismissed: '你的举报已查看，未发现违规。',
  },
};
