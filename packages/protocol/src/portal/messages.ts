import { ERRORS } from '../errors.ts';

/**
 * What a portal page shows for the codes the portal API answers (zh default, en), so the web app and any
 * other client say the same thing. The server's `msg` stays the catalogue's English text.
 */
export const PORTAL_ERROR_TEXTS: Readonly<Record<number, { zh: string; en: string }>> = {
  [ERRORS.SESSION_REQUIRED.code]: { zh: '请先登录', en: 'Please log in' },
  [ERRORS.WRONG_CREDENTIALS.code]: { zh: '手机号或密码错误', en: 'Wrong mobile number or password' },
  [ERRORS.LOGIN_LOCKED.code]: {
    zh: '登录失败次数过多，请一分钟后再试',
    en: 'Too many failed logins, please retry in a minute',
  },
  [ERRORS.RATE_LIMITED.code]: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please retry later' },
  [ERRORS.ACCOUNT_EXISTS.code]: { zh: '该手机号已注册', en: 'This mobile number is already registered' },
  [ERRORS.PORTAL_WRONG_IDENTITY.code]: { zh: '账号类型不符，无权操作', en: 'This account kind may not do this' },
  [ERRORS.PORTAL_NOT_YOURS.code]: { zh: '只能操作自己的账号', en: 'You may only act on your own account' },
  [ERRORS.PORTAL_WEAK_PASSWORD.code]: {
    zh: '密码需为 8-64 位，同时包含字母和数字，且不能包含手机号',
    en: 'The password must be 8-64 characters with letters and digits, and not contain the mobile number',
  },
  [ERRORS.PORTAL_BAD_MOBILE.code]: {
    zh: '请输入正确的手机号（1 开头的 11 位数字）',
    en: 'Enter a mainland China mobile number: 11 digits starting with 13-19',
  },
  [ERRORS.PORTAL_BAD_NAME.code]: { zh: '名称需为 1-30 个字符', en: 'The name must be 1-30 characters' },
  [ERRORS.PORTAL_ALREADY_APPLIED.code]: { zh: '您已提交过申请', en: 'You have already applied' },
  [ERRORS.PORTAL_WRONG_OLD_PASSWORD.code]: { zh: '当前密码不正确', en: 'The current password is wrong' },
  [ERRORS.PORTAL_ALREADY_INVITED.code]: { zh: '已邀请过该求职者投递此职位', en: 'Already invited to this job' },
  // Portal centre pages (PCP1-PCP12)
  [ERRORS.PORTAL_BAD_ID_NUMBER.code]: {
    zh: '请输入正确的 18 位身份证号（末位可为 X）',
    en: 'Enter a valid 18-character resident ID number (the last may be X)',
  },
  [ERRORS.PORTAL_BAD_CREDIT_CODE.code]: {
    zh: '请输入正确的 18 位统一社会信用代码',
    en: 'Enter a valid 18-character unified social credit code',
  },
  [ERRORS.PORTAL_ALREADY_VERIFIED.code]: { zh: '已完成认证，不能修改', en: 'Already verified; it cannot be changed' },
  [ERRORS.PORTAL_CODE_TAKEN.code]: {
    zh: '该信用代码已被其他账号认证',
    en: 'This credit code is certified by another account',
  },
  [ERRORS.PORTAL_QUOTA_EXCEEDED.code]: { zh: '已达到服务套餐的额度', en: 'The service package’s limit is reached' },
  [ERRORS.PORTAL_RESUME_HIDDEN.code]: { zh: '该求职者未公开简历', en: 'This job seeker does not show the resume' },
  [ERRORS.PORTAL_NOT_FOUND.code]: { zh: '内容不存在或已下线', en: 'The item does not exist' },
  [ERRORS.PORTAL_UNSAFE_HTML.code]: { zh: '内容包含不安全的代码', en: 'The content carries unsafe code' },
  [ERRORS.INVALID_PARAMS.code]: { zh: '请求参数有误', en: 'The request parameters are invalid' },
  [ERRORS.PORTAL_BAD_BASE64.code]: { zh: '请求数据格式错误', en: 'The request data is malformed' },
  [ERRORS.PORTAL_UNDECRYPTABLE.code]: { zh: '请求数据无法解密', en: 'The request data cannot be decrypted' },
  [ERRORS.PORTAL_NOT_JSON.code]: { zh: '请求数据格式错误', en: 'The request data is malformed' },
  [ERRORS.PORTAL_UNKNOWN_CALL.code]: { zh: '接口不存在', en: 'No such portal call' },
};
