/** Demo job groups and jobs of the portal (decision 0010): data only; portal-demo.ts writes it. */

export const DEMO_JOB_GROUPS: readonly string[] = [
  '互联网/IT',
  '财务/会计',
  '人力资源',
  '销售/市场',
  '客服/售后',
  '行政/后勤',
  '教育/培训',
  '生产/制造',
  '物流/仓储',
  '餐饮/服务',
  '医疗/健康',
  '建筑/房产',
];

export const DEMO_COMPANIES = {
  taiyuan_tech: {
    title: '太原智联科技有限公司',
    intro: '专注政企数字化的软件公司，团队 120 人，总部位于太原小店区，在北京、西安设有研发中心。',
    scale: '100-499人',
    industry: '计算机软件',
    address: '山西省太原市小店区长治路 227 号高新国际大厦 12 层',
  },
  jinshang_hr: {
    title: '山西晋商人力资源服务有限公司',
    intro: '提供招聘外包、劳务派遣和培训服务，服务山西、河北、陕西三省 600 余家企业。',
    scale: '50-99人',
    industry: '人力资源服务',
    address: '山西省太原市迎泽区迎泽大街 289 号',
  },
} as const;

interface City {
  province: string;
  citys: string;
  area: string;
  cityName: string;
  lng: number;
  lat: number;
}

const TY_XD: City = {
  province: '140000',
  citys: '140100',
  area: '140105',
  cityName: '太原·小店区',
  lng: 112.565,
  lat: 37.818,
};
const TY_YZ: City = {
  province: '140000',
  citys: '140100',
  area: '140106',
  cityName: '太原·迎泽区',
  lng: 112.563,
  lat: 37.863,
};
const BJ_HD: City = {
  province: '110000',
  citys: '110100',
  area: '110108',
  cityName: '北京·海淀区',
  lng: 116.298,
  lat: 39.959,
};
const BJ_CY: City = {
  province: '110000',
  citys: '110100',
  area: '110105',
  cityName: '北京·朝阳区',
  lng: 116.443,
  lat: 39.921,
};
const XA_YT: City = {
  province: '610000',
  citys: '610100',
  area: '610113',
  cityName: '西安·雁塔区',
  lng: 108.948,
  lat: 34.222,
};
const SJZ_CA: City = {
  province: '130000',
  citys: '130100',
  area: '130102',
  cityName: '石家庄·长安区',
  lng: 114.539,
  lat: 38.037,
};

export interface DemoJob {
  company: keyof typeof DEMO_COMPANIES;
  /** Index into DEMO_JOB_GROUPS. */
  group: number;
  title: string;
  nature: 0 | 1;
  salary: string;
  city: City;
  education: string;
  experience: string;
  headcount: number;
  description: string;
  requirements: string;
}

export const DEMO_JOBS: readonly DemoJob[] = [
  {
    company: 'taiyuan_tech',
    group: 0,
    title: '前端开发工程师',
    nature: 0,
    salary: '8-12K',
    city: TY_XD,
    education: '本科',
    experience: '1-3年',
    headcount: 2,
    description: '负责政务服务平台的 Web 前端开发，与后端和设计协作交付新功能。',
    requirements: '熟悉 TypeScript 与 React；了解 HTTP 与浏览器原理；有移动端适配经验优先。',
  },
  {
    company: 'taiyuan_tech',
    group: 0,
    title: '软件测试工程师',
    nature: 0,
    salary: '6-9K',
    city: TY_XD,
    education: '大专',
    experience: '1-3年',
    headcount: 1,
    description: '编写测试用例，执行功能与接口测试，跟踪缺陷直至关闭。',
    requirements: '熟悉常用测试方法；会使用 Postman 或同类工具；细心负责。',
  },
  {
    company: 'taiyuan_tech',
    group: 0,
    title: 'Java 后端工程师',
    nature: 0,
    salary: '18-28K',
    city: BJ_HD,
    education: '本科',
    experience: '3-5年',
    headcount: 2,
    description: '负责数据中台服务的设计与开发，保障系统稳定。',
    requirements: '精通 Java 与 Spring；熟悉 MySQL、Redis；有高并发系统经验。',
  },
  {
    company: 'taiyuan_tech',
    group: 3,
    title: '产品经理',
    nature: 0,
    salary: '12-18K',
    city: XA_YT,
    education: '本科',
    experience: '3-5年',
    headcount: 1,
    description: '调研政企客户需求，规划产品路线，撰写需求文档并推动落地。',
    requirements: '有 B 端产品经验；沟通能力强；能独立完成原型设计。',
  },
  {
    company: 'taiyuan_tech',
    group: 0,
    title: '运维工程师',
    nature: 0,
    salary: '7-10K',
    city: SJZ_CA,
    education: '大专',
    experience: '1-3年',
    headcount: 1,
    description: '负责客户现场系统部署、巡检与故障处理。',
    requirements: '熟悉 Linux；了解 Nginx、Docker；能适应短期出差。',
  },
  {
    company: 'taiyuan_tech',
    group: 0,
    title: '前端开发实习生',
    nature: 1,
    salary: '150元/天',
    city: TY_XD,
    education: '本科',
    experience: '在校生',
    headcount: 3,
    description: '参与前端页面开发与测试，每周到岗不少于 3 天。',
    requirements: '计算机相关专业在读；了解 HTML、CSS、JavaScript。',
  },
  {
    company: 'taiyuan_tech',
    group: 4,
    title: '技术支持专员',
    nature: 0,
    salary: '5-7K',
    city: TY_YZ,
    education: '大专',
    experience: '不限',
    headcount: 2,
    description: '电话与远程解答客户使用问题，整理常见问题文档。',
    requirements: '普通话标准；有耐心；会基本的电脑操作。',
  },
  {
    company: 'jinshang_hr',
    group: 1,
    title: '会计',
    nature: 0,
    salary: '5-8K',
    city: TY_YZ,
    education: '大专',
    experience: '1-3年',
    headcount: 1,
    description: '负责日常账务处理、纳税申报和财务报表编制。',
    requirements: '持初级会计职称；熟练使用财务软件。',
  },
  {
    company: 'jinshang_hr',
    group: 1,
    title: '出纳',
    nature: 0,
    salary: '4-6K',
    city: TY_YZ,
    education: '大专',
    experience: '不限',
    headcount: 1,
    description: '负责现金与银行收付、票据管理和日记账登记。',
    requirements: '财会相关专业；为人诚信细致。',
  },
  {
    company: 'jinshang_hr',
    group: 2,
    title: '招聘专员',
    nature: 0,
    salary: '5-7K',
    city: TY_XD,
    education: '本科',
    experience: '1-3年',
    headcount: 2,
    description: '为合作企业筛选简历、邀约面试并跟进入职。',
    requirements: '人力资源相关专业优先；善于沟通。',
  },
  {
    company: 'jinshang_hr',
    group: 3,
    title: '销售代表',
    nature: 0,
    salary: '6-12K',
    city: SJZ_CA,
    education: '大专',
    experience: '不限',
    headcount: 3,
    description: '开拓石家庄地区企业客户，销售人力外包与培训服务。',
    requirements: '有销售经验优先；能接受业绩考核。',
  },
  {
    company: 'jinshang_hr',
    group: 4,
    title: '电话客服（兼职）',
    nature: 1,
    salary: '20元/小时',
    city: TY_XD,
    education: '高中',
    experience: '不限',
    headcount: 5,
    description: '接听客户来电，登记服务需求，晚班可选。',
    requirements: '普通话标准；每周可工作 20 小时以上。',
  },
  {
    company: 'jinshang_hr',
    group: 8,
    title: '仓库管理员',
    nature: 0,
    salary: '5-6K',
    city: XA_YT,
    education: '高中',
    experience: '1-3年',
    headcount: 2,
    description: '负责出入库登记、库存盘点与货物摆放。',
    requirements: '会使用 Excel；能吃苦耐劳。',
  },
  {
    company: 'jinshang_hr',
    group: 5,
    title: '行政助理',
    nature: 0,
    salary: '7-9K',
    city: BJ_CY,
    education: '大专',
    experience: '不限',
    headcount: 1,
    description: '负责办公室日常事务、会议安排和物资采购。',
    requirements: '熟练使用办公软件；做事有条理。',
  },
  {
    company: 'jinshang_hr',
    group: 6,
    title: '初中数学家教（兼职）',
    nature: 1,
    salary: '80元/小时',
    city: TY_YZ,
    education: '本科',
    experience: '不限',
    headcount: 4,
    description: '周末为初中学生一对一辅导数学。',
    requirements: '数学相关专业；有家教经验优先。',
  },
  {
    company: 'jinshang_hr',
    group: 9,
    title: '餐厅服务员（兼职）',
    nature: 1,
    salary: '18元/小时',
    city: SJZ_CA,
    education: '不限',
    experience: '不限',
    headcount: 6,
    description: '负责餐厅点餐、传菜与清洁。',
    requirements: '身体健康；周末可到岗。',
  },
];
