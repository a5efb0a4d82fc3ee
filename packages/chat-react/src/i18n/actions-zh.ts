/** Chinese texts of the message actions (issue 9); the default language. */
export const actionsZh = {
  menu: '消息操作',
  copy: '复制',
  revoke: '撤回',
  delete: '删除',
  react: '回应 {{emoji}}',
  reedit: '重新编辑',
  copied: '已复制',
  reactions: '表情回应',
  reactedBy: '{{names}}',
  typing: '对方正在输入…',
};
