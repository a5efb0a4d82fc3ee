// Tencent's packages name @tencentcloud/lite-chat (or @tencentcloud/chat); they get Parley's SDK (decision 0044).
export * from '@parley/chat';
export { default } from '@parley/chat';
