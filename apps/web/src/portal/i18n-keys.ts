import type zh from '../i18n/zh.json';

/** Keys of the portal's text groups, so composed keys (`portal.centre.${key}`) are still checked. */
type Portal = (typeof zh)['portal'];
export type CentreKey = keyof Portal['centre'];
export type CentreEmptyKey = keyof Portal['centreEmpty'];
export type ChannelKey = keyof Portal['channel'];
export type MenuKey = keyof Portal['menu'];
export type FooterKey = keyof Portal['footer'];
export type ResumeKey = keyof Portal['resume'];
