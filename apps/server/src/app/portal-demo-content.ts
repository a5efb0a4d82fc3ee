/** Demo articles, blocks and pages of the portal (decision 0010): data only; portal-demo.ts writes it. */
import { BLOCK_IDS, PAGE_IDS, ZP_TYPE } from '@parley/protocol';

export interface DemoArticle {
  kind: string;
  sub?: number;
  title: string;
  summary: string;
  content: string;
  source: string;
  place?: string;
  /** Days from now (negative: past). An exam notice's are its registration window: opening, then deadline. */
  startsInDays?: number;
  endsInDays?: number;
}

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    kind: 'news',
    title: '太原市发布 2026 年高校毕业生就业促进计划',
    summary: '全年计划新增就业岗位 3 万个，重点支持数字经济和先进制造业。',
    content:
      '<p>太原市人社局近日发布高校毕业生就业促进计划，全年计划新增就业岗位 <strong>3 万个</strong>。</p><p>计划重点支持数字经济、先进制造业企业吸纳毕业生，并对首次就业的毕业生发放一次性求职补贴。</p>',
    source: '太原市人社局',
  },
  {
    kind: 'news',
    title: '灵活就业人员社保补贴申领指南',
    summary: '符合条件的灵活就业人员可按月申领社会保险补贴。',
    content:
      '<h3>谁可以申领</h3><ul><li>登记失业的高校毕业生</li><li>就业困难人员</li></ul><h3>如何申领</h3><p>携带身份证到户籍所在地公共就业服务机构办理。</p>',
    source: '山西人社',
  },
  {
    kind: 'news',
    title: '面试前必做的五项准备',
    summary: '了解公司、准备作品、模拟问答，让面试更从容。',
    content:
      '<ol><li>了解公司业务与岗位职责</li><li>准备一分钟自我介绍</li><li>整理作品或项目经历</li><li>准备想问面试官的问题</li><li>提前规划路线，预留时间</li></ol>',
    source: '职场指南',
  },
  {
    kind: 'news',
    title: '2026 年春季招聘市场观察：技术岗位需求回暖',
    summary: '软件开发、测试与运维岗位需求同比增长。',
    content: '<p>春季招聘数据显示，技术类岗位需求同比增长 12%，其中测试与运维岗位增长最快。</p>',
    source: '本站编辑部',
  },
  {
    kind: 'news',
    title: '兼职求职防骗提醒',
    summary: '凡是先交钱的兼职都要提高警惕。',
    content: '<p>正规招聘不会以任何名义收取押金、培训费。遇到先交费的兼职，请立即停止并向平台举报。</p>',
    source: '本站编辑部',
  },
  {
    kind: 'zk',
    title: '山西省 2026 年度考试录用公务员公告',
    summary: '全省计划招录 4,200 人，网上报名 3 月 10 日开始。',
    content: '<p>报名时间：3 月 10 日至 3 月 16 日。</p><p>笔试时间：4 月 12 日。报名请登录省人事考试网。</p>',
    source: '山西省公务员局',
    place: '全省各市考点',
    startsInDays: -3,
    endsInDays: 12,
  },
  {
    kind: 'zk',
    title: '太原市属国有企业 2026 年直招公告',
    summary: '市属 8 家国企面向社会直招 260 人。',
    content: '<p>岗位涵盖财务、工程、法务与信息技术，详见附件岗位表。</p>',
    source: '太原市国资委',
    place: '太原',
    startsInDays: -1,
    endsInDays: 9,
  },
  {
    kind: 'zk',
    title: '小店区事业单位公开招聘工作人员公告',
    summary: '招聘 45 名，本科及以上学历。',
    content: '<p>笔试内容为《综合知识》，面试采用结构化面试。</p>',
    source: '小店区人社局',
    place: '太原·小店区',
    startsInDays: 2,
    endsInDays: 14,
  },
  {
    kind: 'train',
    title: '零基础学 Excel：职场数据处理',
    summary: '8 课时，从表格到数据透视表。',
    content: '<p>适合行政、财务岗位求职者。课程包括公式、图表和数据透视表。</p>',
    source: '讲师：赵老师',
    place: '线上',
    startsInDays: 3,
  },
  {
    kind: 'train',
    title: '前端开发入门训练营',
    summary: '4 周，HTML、CSS、JavaScript 与一个完整项目。',
    content: '<p>每周三次直播课，结业提供项目作品点评。</p>',
    source: '讲师：太原智联科技',
    place: '太原·小店区',
    startsInDays: 10,
  },
  {
    kind: 'train',
    title: '初级会计职称考前冲刺',
    summary: '12 课时，重点与真题讲解。',
    content: '<p>覆盖《初级会计实务》与《经济法基础》高频考点。</p>',
    source: '讲师：王老师',
    place: '线上',
    startsInDays: 7,
  },
  {
    kind: 'asked',
    title: '如何注册求职者账号？',
    summary: '',
    content: '<p>点击页面顶部“求职者登录”，再点击“注册”，填写手机号、密码和姓名即可。</p>',
    source: '',
  },
  {
    kind: 'asked',
    title: '忘记密码怎么办？',
    summary: '',
    content: '<p>请联系客服核实身份后重置密码，客服电话见“联系我们”页面。</p>',
    source: '',
  },
  {
    kind: 'asked',
    title: '简历填写完整有什么好处？',
    summary: '',
    content: '<p>完整的简历会优先展示给企业，获得面试邀请的机会更大。</p>',
    source: '',
  },
  {
    kind: 'asked',
    title: '企业如何与求职者沟通？',
    summary: '',
    content: '<p>企业登录后，在职位或简历页面点击“聊一聊”，即可通过站内预约聊天与求职者沟通。</p>',
    source: '',
  },
  {
    kind: 'gg',
    title: '关于平台系统升级的公告',
    summary: '本周六 0:00-6:00 系统升级维护。',
    content: '<p>维护期间网站暂停访问，给您带来不便敬请谅解。</p>',
    source: '平台运营部',
  },
  {
    kind: 'gg',
    title: '关于严厉打击虚假招聘信息的公告',
    summary: '平台将对虚假招聘信息的企业账号予以封禁。',
    content: '<p>欢迎用户通过“联系我们”举报可疑招聘信息。</p>',
    source: '平台运营部',
  },
  {
    kind: 'zp',
    sub: ZP_TYPE.JOB_FAIR,
    title: '2026 太原春季大型人才招聘会',
    summary: '300 余家企业参会，提供岗位 6,000 余个。',
    content: '<p>地点：太原市人力资源市场一层大厅。请携带简历参加。</p>',
    source: '太原市人才服务中心',
    place: '太原市人力资源市场',
    startsInDays: 14,
  },
  {
    kind: 'zp',
    sub: ZP_TYPE.JOB_FAIR,
    title: '石家庄服务业专场招聘会',
    summary: '餐饮、零售、物流企业专场。',
    content: '<p>现场面试，当场签约。</p>',
    source: '石家庄市人社局',
    place: '石家庄国际会展中心',
    startsInDays: 21,
  },
  {
    kind: 'zp',
    sub: ZP_TYPE.CAMPUS,
    title: '太原理工大学 2026 届毕业生双选会',
    summary: '面向 2026 届本科及研究生毕业生。',
    content: '<p>地点：太原理工大学明向校区体育馆。</p>',
    source: '太原理工大学就业指导中心',
    place: '太原理工大学明向校区',
    startsInDays: 18,
  },
  {
    kind: 'zp',
    sub: ZP_TYPE.CAMPUS,
    title: '西安交通大学春季校园招聘会',
    summary: '计算机、电气、机械类专场。',
    content: '<p>企业请提前一周报名展位。</p>',
    source: '西安交通大学就业中心',
    place: '西安交通大学兴庆校区',
    startsInDays: 25,
  },
  // The expert think-tank (/expert; decision 0035): the operator publishes an approved expert's profile.
  {
    kind: 'expert',
    title: '刘建国',
    summary: '人力资源管理 · 劳动关系',
    content: '<p>高级人力资源管理师，二十年企业人力资源管理经验，擅长劳动关系、薪酬体系和招聘流程设计。</p>',
    source: '山西晋商人力资源服务有限公司 顾问',
    place: '太原',
  },
  {
    kind: 'expert',
    title: '陈晓敏',
    summary: '职业规划 · 高校就业指导',
    content: '<p>国家级职业指导师，长期为高校毕业生提供求职辅导、简历诊断和面试训练。</p>',
    source: '太原理工大学就业指导中心 讲师',
    place: '太原',
  },
  {
    kind: 'expert',
    title: '赵磊',
    summary: '软件工程 · 技术面试',
    content: '<p>十二年软件研发经验，担任技术面试官多年，为求职者讲解技术岗位的能力要求和面试准备。</p>',
    source: '太原智联科技有限公司 技术总监',
    place: '太原·小店区',
  },
];

export interface DemoBlock {
  id: number;
  kind: 'block' | 'page';
  title: string;
  /** 'qr:<text>' draws a QR-like SVG from the text. */
  image: string;
  content: string;
}

export const DEMO_BLOCKS: readonly DemoBlock[] = [
  {
    id: BLOCK_IDS.footer,
    kind: 'block',
    title: '页脚',
    image: '',
    content: '<p>客服热线：0351-1234 5678（工作日 9:00-17:30）</p><p>地址：山西省太原市小店区长治路 227 号</p>',
  },
  {
    id: BLOCK_IDS.qrLeft,
    kind: 'block',
    title: '扫码关注公众号',
    image: 'qr:parley-portal-official-account',
    content: '',
  },
  {
    id: BLOCK_IDS.qrRight,
    kind: 'block',
    title: '扫码进入小程序',
    image: 'qr:parley-portal-mini-program',
    content: '',
  },
  {
    id: BLOCK_IDS.copyright,
    kind: 'block',
    title: '版权',
    image: '',
    content:
      '<p>© 2026 Parley 招聘门户 版权所有 · <a href="/dy?id=29">联系我们</a> · <a href="/dy?id=36">就业政策</a></p>',
  },
  {
    id: PAGE_IDS.contact,
    kind: 'page',
    title: '联系我们',
    image: '',
    content:
      '<h3>客服</h3><p>电话：0351-1234 5678</p><p>邮箱：service@parley.example</p><h3>地址</h3><p>山西省太原市小店区长治路 227 号</p>',
  },
  {
    id: PAGE_IDS.policy,
    kind: 'page',
    title: '就业政策',
    image: '',
    content:
      '<h3>高校毕业生求职补贴</h3><p>毕业学年内有求职意愿的困难家庭毕业生，可申领一次性求职创业补贴。</p><h3>企业吸纳就业补贴</h3><p>企业招用毕业年度高校毕业生并签订一年以上劳动合同的，可按规定享受社会保险补贴。</p>',
  },
];
