/// <reference path="./svg-url.d.ts" />
/**
 * The images of the 142 emoji codes (rich/emoji-names.ts), from the npm package @twemoji/svg (Twemoji artwork,
 * CC-BY 4.0; docs/THIRD-PARTY.md). Loaded lazily (rich/emoji.ts) so the chat's first load does not carry them; the
 * bundler inlines or emits each file with the app: nothing is fetched from a third party at run time.
 */
import u1f642 from '@twemoji/svg/1f642.svg?url';
import u1f615 from '@twemoji/svg/1f615.svg?url';
import u1f60d from '@twemoji/svg/1f60d.svg?url';
import u1f636 from '@twemoji/svg/1f636.svg?url';
import u1f60c from '@twemoji/svg/1f60c.svg?url';
import u1f979 from '@twemoji/svg/1f979.svg?url';
import u1f633 from '@twemoji/svg/1f633.svg?url';
import u1f910 from '@twemoji/svg/1f910.svg?url';
import u1f634 from '@twemoji/svg/1f634.svg?url';
import u1f62d from '@twemoji/svg/1f62d.svg?url';
import u1f605 from '@twemoji/svg/1f605.svg?url';
import u1f47f from '@twemoji/svg/1f47f.svg?url';
import u1f61c from '@twemoji/svg/1f61c.svg?url';
import u1f601 from '@twemoji/svg/1f601.svg?url';
import u1f62e from '@twemoji/svg/1f62e.svg?url';
import u2639 from '@twemoji/svg/2639.svg?url';
import u1f60e from '@twemoji/svg/1f60e.svg?url';
import u1f630 from '@twemoji/svg/1f630.svg?url';
import u1f62b from '@twemoji/svg/1f62b.svg?url';
import u1f92e from '@twemoji/svg/1f92e.svg?url';
import u1f92d from '@twemoji/svg/1f92d.svg?url';
import u1f60a from '@twemoji/svg/1f60a.svg?url';
import u1f644 from '@twemoji/svg/1f644.svg?url';
import u1f624 from '@twemoji/svg/1f624.svg?url';
import u1f924 from '@twemoji/svg/1f924.svg?url';
import u1f62a from '@twemoji/svg/1f62a.svg?url';
import u1f628 from '@twemoji/svg/1f628.svg?url';
import u1f4a6 from '@twemoji/svg/1f4a6.svg?url';
import u1f604 from '@twemoji/svg/1f604.svg?url';
import u1f482 from '@twemoji/svg/1f482.svg?url';
import u1f4aa from '@twemoji/svg/1f4aa.svg?url';
import u1f92c from '@twemoji/svg/1f92c.svg?url';
import u1f914 from '@twemoji/svg/1f914.svg?url';
import u1f92b from '@twemoji/svg/1f92b.svg?url';
import u1f635 from '@twemoji/svg/1f635.svg?url';
import u1f616 from '@twemoji/svg/1f616.svg?url';
import u1f61e from '@twemoji/svg/1f61e.svg?url';
import u1f480 from '@twemoji/svg/1f480.svg?url';
import u1f528 from '@twemoji/svg/1f528.svg?url';
import u1f64b from '@twemoji/svg/1f64b.svg?url';
import u1f613 from '@twemoji/svg/1f613.svg?url';
import u1f443 from '@twemoji/svg/1f443.svg?url';
import u1f44f from '@twemoji/svg/1f44f.svg?url';
import u1f622 from '@twemoji/svg/1f622.svg?url';
import u1f60f from '@twemoji/svg/1f60f.svg?url';
import u1f612 from '@twemoji/svg/1f612.svg?url';
import u1f63e from '@twemoji/svg/1f63e.svg?url';
import u1f971 from '@twemoji/svg/1f971.svg?url';
import u1fae4 from '@twemoji/svg/1fae4.svg?url';
import u1f972 from '@twemoji/svg/1f972.svg?url';
import u1f608 from '@twemoji/svg/1f608.svg?url';
import u1f617 from '@twemoji/svg/1f617.svg?url';
import u1f631 from '@twemoji/svg/1f631.svg?url';
import u1f97a from '@twemoji/svg/1f97a.svg?url';
import u1f5e1 from '@twemoji/svg/1f5e1.svg?url';
import u1f349 from '@twemoji/svg/1f349.svg?url';
import u1f37a from '@twemoji/svg/1f37a.svg?url';
import u1f3c0 from '@twemoji/svg/1f3c0.svg?url';
import u1f3d3 from '@twemoji/svg/1f3d3.svg?url';
import u2615 from '@twemoji/svg/2615.svg?url';
import u1f35a from '@twemoji/svg/1f35a.svg?url';
import u1f437 from '@twemoji/svg/1f437.svg?url';
import u1f339 from '@twemoji/svg/1f339.svg?url';
import u1f940 from '@twemoji/svg/1f940.svg?url';
import u1f495 from '@twemoji/svg/1f495.svg?url';
import u2764 from '@twemoji/svg/2764.svg?url';
import u1f494 from '@twemoji/svg/1f494.svg?url';
import u1f382 from '@twemoji/svg/1f382.svg?url';
import u26a1 from '@twemoji/svg/26a1.svg?url';
import u1f4a3 from '@twemoji/svg/1f4a3.svg?url';
import u1f52a from '@twemoji/svg/1f52a.svg?url';
import u26bd from '@twemoji/svg/26bd.svg?url';
import u1f41e from '@twemoji/svg/1f41e.svg?url';
import u1f4a9 from '@twemoji/svg/1f4a9.svg?url';
import u1f319 from '@twemoji/svg/1f319.svg?url';
import u2600 from '@twemoji/svg/2600.svg?url';
import u1f381 from '@twemoji/svg/1f381.svg?url';
import u1f917 from '@twemoji/svg/1f917.svg?url';
import u1f44d from '@twemoji/svg/1f44d.svg?url';
import u1f44e from '@twemoji/svg/1f44e.svg?url';
import u1f91d from '@twemoji/svg/1f91d.svg?url';
import u270c from '@twemoji/svg/270c.svg?url';
import u1f91c from '@twemoji/svg/1f91c.svg?url';
import u1faf4 from '@twemoji/svg/1faf4.svg?url';
import u1f44a from '@twemoji/svg/1f44a.svg?url';
import u1f645 from '@twemoji/svg/1f645.svg?url';
import u1f970 from '@twemoji/svg/1f970.svg?url';
import u1f6ab from '@twemoji/svg/1f6ab.svg?url';
import u1f44c from '@twemoji/svg/1f44c.svg?url';
import u1f491 from '@twemoji/svg/1f491.svg?url';
import u1f619 from '@twemoji/svg/1f619.svg?url';
import u1f407 from '@twemoji/svg/1f407.svg?url';
import u1f976 from '@twemoji/svg/1f976.svg?url';
import u1f620 from '@twemoji/svg/1f620.svg?url';
import u1f4ab from '@twemoji/svg/1f4ab.svg?url';
import u1f647 from '@twemoji/svg/1f647.svg?url';
import u1f519 from '@twemoji/svg/1f519.svg?url';
import u1f938 from '@twemoji/svg/1f938.svg?url';
import u1f44b from '@twemoji/svg/1f44b.svg?url';
import u1f57a from '@twemoji/svg/1f57a.svg?url';
import u1f618 from '@twemoji/svg/1f618.svg?url';
import u1f300 from '@twemoji/svg/1f300.svg?url';
import u262f from '@twemoji/svg/262f.svg?url';
import u1f602 from '@twemoji/svg/1f602.svg?url';
import u1f37c from '@twemoji/svg/1f37c.svg?url';
import u1f35c from '@twemoji/svg/1f35c.svg?url';
import u1f34c from '@twemoji/svg/1f34c.svg?url';
import u2708 from '@twemoji/svg/2708.svg?url';
import u1f697 from '@twemoji/svg/1f697.svg?url';
import u1f686 from '@twemoji/svg/1f686.svg?url';
import u1f683 from '@twemoji/svg/1f683.svg?url';
import u1f682 from '@twemoji/svg/1f682.svg?url';
import u26c5 from '@twemoji/svg/26c5.svg?url';
import u1f327 from '@twemoji/svg/1f327.svg?url';
import u1f4b5 from '@twemoji/svg/1f4b5.svg?url';
import u1f390 from '@twemoji/svg/1f390.svg?url';
import u23f0 from '@twemoji/svg/23f0.svg?url';
import u2602 from '@twemoji/svg/2602.svg?url';
import u1f38a from '@twemoji/svg/1f38a.svg?url';
import u1f48d from '@twemoji/svg/1f48d.svg?url';
import u1f6cb from '@twemoji/svg/1f6cb.svg?url';
import u1f48a from '@twemoji/svg/1f48a.svg?url';
import u1f52b from '@twemoji/svg/1f52b.svg?url';
import u1f438 from '@twemoji/svg/1f438.svg?url';
import u1f375 from '@twemoji/svg/1f375.svg?url';
import u1f3a4 from '@twemoji/svg/1f3a4.svg?url';
import u1f004 from '@twemoji/svg/1f004.svg?url';
import u1f56f from '@twemoji/svg/1f56f.svg?url';
import u1f380 from '@twemoji/svg/1f380.svg?url';
import u1f9e8 from '@twemoji/svg/1f9e8.svg?url';
import u1f9e7 from '@twemoji/svg/1f9e7.svg?url';
import u2709 from '@twemoji/svg/2709.svg?url';
import u265f from '@twemoji/svg/265f.svg?url';
import u1f36d from '@twemoji/svg/1f36d.svg?url';
import u1f64f from '@twemoji/svg/1f64f.svg?url';
import u1f348 from '@twemoji/svg/1f348.svg?url';
import u270a from '@twemoji/svg/270a.svg?url';
import u1f92f from '@twemoji/svg/1f92f.svg?url';
import u1fae0 from '@twemoji/svg/1fae0.svg?url';
import u1f926 from '@twemoji/svg/1f926.svg?url';
import u1f919 from '@twemoji/svg/1f919.svg?url';
import u1f9d0 from '@twemoji/svg/1f9d0.svg?url';

/** Image URL by emoji name, in the order of EMOJI. */
export const EMOJI_URLS: Readonly<Record<string, string>> = {
  微笑: u1f642,
  撇嘴: u1f615,
  色: u1f60d,
  发呆: u1f636,
  得意: u1f60c,
  流泪: u1f979,
  害羞: u1f633,
  闭嘴: u1f910,
  睡: u1f634,
  大哭: u1f62d,
  尴尬: u1f605,
  发怒: u1f47f,
  调皮: u1f61c,
  龇牙: u1f601,
  惊讶: u1f62e,
  难过: u2639,
  酷: u1f60e,
  冷汗: u1f630,
  抓狂: u1f62b,
  吐: u1f92e,
  偷笑: u1f92d,
  可爱: u1f60a,
  白眼: u1f644,
  傲慢: u1f624,
  饥饿: u1f924,
  困: u1f62a,
  惊恐: u1f628,
  流汗: u1f4a6,
  憨笑: u1f604,
  大兵: u1f482,
  奋斗: u1f4aa,
  咒骂: u1f92c,
  疑问: u1f914,
  嘘: u1f92b,
  晕: u1f635,
  折磨: u1f616,
  衰: u1f61e,
  骷髅: u1f480,
  敲打: u1f528,
  再见: u1f64b,
  擦汗: u1f613,
  抠鼻: u1f443,
  鼓掌: u1f44f,
  快哭了: u1f622,
  坏笑: u1f60f,
  左哼哼: u1f612,
  右哼哼: u1f63e,
  打哈欠: u1f971,
  鄙视: u1fae4,
  委屈: u1f972,
  阴险: u1f608,
  亲亲: u1f617,
  吓: u1f631,
  可怜: u1f97a,
  菜刀: u1f5e1,
  西瓜: u1f349,
  啤酒: u1f37a,
  篮球: u1f3c0,
  乒乓: u1f3d3,
  咖啡: u2615,
  饭: u1f35a,
  猪头: u1f437,
  玫瑰: u1f339,
  凋谢: u1f940,
  示爱: u1f495,
  爱心: u2764,
  心碎: u1f494,
  蛋糕: u1f382,
  闪电: u26a1,
  炸弹: u1f4a3,
  刀: u1f52a,
  足球: u26bd,
  瓢虫: u1f41e,
  便便: u1f4a9,
  月亮: u1f319,
  太阳: u2600,
  礼物: u1f381,
  拥抱: u1f917,
  强: u1f44d,
  弱: u1f44e,
  握手: u1f91d,
  胜利: u270c,
  抱拳: u1f91c,
  勾引: u1faf4,
  拳头: u1f44a,
  差劲: u1f645,
  爱你: u1f970,
  NO: u1f6ab,
  OK: u1f44c,
  爱情: u1f491,
  飞吻: u1f619,
  跳跳: u1f407,
  发抖: u1f976,
  怄火: u1f620,
  转圈: u1f4ab,
  磕头: u1f647,
  回头: u1f519,
  跳绳: u1f938,
  挥手: u1f44b,
  街舞: u1f57a,
  献吻: u1f618,
  左太极: u1f300,
  右太极: u262f,
  笑哭: u1f602,
  奶瓶: u1f37c,
  面条: u1f35c,
  香蕉: u1f34c,
  飞机: u2708,
  汽车: u1f697,
  左车头: u1f686,
  车厢: u1f683,
  右车头: u1f682,
  多云: u26c5,
  下雨: u1f327,
  钞票: u1f4b5,
  风车: u1f390,
  闹钟: u23f0,
  雨伞: u2602,
  彩球: u1f38a,
  钻戒: u1f48d,
  沙发: u1f6cb,
  药: u1f48a,
  手枪: u1f52b,
  青蛙: u1f438,
  茶: u1f375,
  麦克风: u1f3a4,
  麻将: u1f004,
  蜡烛: u1f56f,
  彩带: u1f380,
  鞭炮: u1f9e8,
  红包: u1f9e7,
  信封: u2709,
  象棋: u265f,
  棒棒糖: u1f36d,
  祈祷: u1f64f,
  吃瓜: u1f348,
  加油: u270a,
  天啊: u1f92f,
  裂开: u1fae0,
  打脸: u1f926,
  '666': u1f919,
  让我看看: u1f9d0,
};
