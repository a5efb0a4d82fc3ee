/**
 * Generated Chinese chat text for the search tests (decision 0040): recruiting-chat words, common characters in
 * random order (so rare pairs and single characters occur), punctuation, spaces and Latin words mixed in.
 * Deterministic from its seed.
 */

const WORDS = (
  '你好 您好 前端 后端 开发 工程师 面试 简历 工作 薪资 公司 上海 北京 深圳 杭州 太原 时间 明天 下午 上午 谢谢 可以 我们 项目 ' +
  '经验 岗位 招聘 应聘 投递 技术 团队 产品 设计 测试 运维 数据 算法 年薪 月薪 福利 五险一金 加班 周末 双休 地址 电话 微信 ' +
  '邮箱 方便 聊聊 感兴趣 合适 安排 通知 结果 入职 离职 实习 毕业 学历 本科 硕士 专业 能力 沟通 负责 熟悉 掌握 框架 ' +
  '组件 性能 优化 需求 文档 会议 视频 语音 图片 文件 发送 收到 好的 没问题 稍等 马上 已经 还是 但是 因为 所以 如果'
).split(' ');
const CHARS =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞';
const LATIN = ['React', 'Vue', 'Java', 'Python', 'offer', 'OK', 'HR', 'TypeScript', 'Node', 'Go'];
const PUNCT = ['，', '。', '！', '？', ' ', '、', '~', '…', ' '];

/** mulberry32: a small seeded generator, so every run writes the same history. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

/** One chat line of roughly 4–60 characters. */
export function chatLine(rnd: () => number): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(rnd() * 8);
  for (let i = 0; i < n; i += 1) {
    const r = rnd();
    if (r < 0.55) parts.push(pick(rnd, WORDS));
    else if (r < 0.8) {
      const k = 1 + Math.floor(rnd() * 3);
      for (let j = 0; j < k; j += 1) parts.push(pick(rnd, [...CHARS]));
    } else if (r < 0.88) {
      // Latin words stay whole words: two in a row get a space between them.
      if (LATIN.includes(parts.at(-1) ?? '')) parts.push(' ');
      parts.push(pick(rnd, LATIN));
    } else parts.push(pick(rnd, PUNCT));
  }
  return parts.join('');
}

/** Whether every character of `s` is a Han character (the queries the equivalence test draws). */
export const allHan = (s: string) => /^\p{Script=Han}+$/u.test(s);
