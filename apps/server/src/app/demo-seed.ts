import { GENDER, type Gender, IDENTITY, MESSAGE_TYPE } from '@parley/protocol';
import { createAccount } from '../domain/accounts/actions.ts';
import { type Domain, nowSeconds } from '../domain/context.ts';
import { appendC2C } from '../domain/messages/c2c.ts';
import { seedPortalDemo } from './portal-demo.ts';

export const DEMO_PASSWORD = 'parley123';

interface DemoUser {
  userID: string;
  nick: string;
  mobile: string;
  identity: number;
  gender: Gender;
  avatar: number;
  selfSignature: string;
  birthday: number;
}

/** Listed in the README; the e2e tests log in as them. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    userID: 'zhangwei',
    nick: '张伟',
    mobile: '13800000001',
    identity: IDENTITY.JOB_SEEKER,
    gender: GENDER.MALE,
    avatar: 1,
    selfSignature: '三年前端经验，正在看太原的机会',
    birthday: 19960312,
  },
  {
    userID: 'lina',
    nick: '李娜',
    mobile: '13800000002',
    identity: IDENTITY.JOB_SEEKER,
    gender: GENDER.FEMALE,
    avatar: 2,
    selfSignature: '应届生，会计专业',
    birthday: 20020918,
  },
  {
    userID: 'wangfang',
    nick: '王芳',
    mobile: '13800000003',
    identity: IDENTITY.JOB_SEEKER,
    gender: GENDER.FEMALE,
    avatar: 3,
    selfSignature: '',
    birthday: 0,
  },
  {
    userID: 'taiyuan_tech',
    nick: '太原智联科技',
    mobile: '13900000001',
    identity: IDENTITY.ENTERPRISE,
    gender: GENDER.UNKNOWN,
    avatar: 4,
    selfSignature: '招聘前端、测试工程师',
    birthday: 0,
  },
  {
    userID: 'jinshang_hr',
    nick: '晋商人力',
    mobile: '13900000002',
    identity: IDENTITY.ENTERPRISE,
    gender: GENDER.UNKNOWN,
    avatar: 5,
    selfSignature: '人力资源服务',
    birthday: 0,
  },
];

const CONVERSATIONS: readonly [string, string, string][] = [
  ['taiyuan_tech', 'zhangwei', '您好，看到您投递了前端工程师岗位，方便聊一下吗？'],
  ['zhangwei', 'taiyuan_tech', '您好！方便的，请问岗位在哪个区？'],
  ['taiyuan_tech', 'zhangwei', '在小店区，双休，下周二上午可以来面试吗？'],
  ['zhangwei', 'taiyuan_tech', '可以，我周二上午十点到。'],
  ['lina', 'taiyuan_tech', '您好，请问贵公司还招会计实习生吗？'],
  ['jinshang_hr', 'wangfang', '王女士您好，您的简历我们已经收到。'],
  ['wangfang', 'jinshang_hr', '谢谢，请问什么时候会有面试通知？'],
  ['lina', 'zhangwei', '听说你下周去太原智联面试？加油！'],
];

/** True while every demo account still exists: each start then reminds the operator how to log in (OPS4). */
export async function demoAccountsPresent(d: Domain): Promise<boolean> {
  const rows = await d.storage.profiles.getMany(DEMO_USERS.map((u) => u.userID));
  return rows.length === DEMO_USERS.length;
}

/** What a start prints while the demo accounts exist, the first start and every later one (OPS4). */
export function demoBanner(seededNow: boolean): string[] {
  const lines = [
    seededNow ? 'Demo data seeded.' : 'Demo data present.',
    `Demo logins (password ${DEMO_PASSWORD} unless changed; see "Demo logins" in README.md):`,
  ];
  for (const u of DEMO_USERS) lines.push(`  ${u.userID.padEnd(14)} ${u.mobile}  ${u.nick}`);
  return lines;
}

/** Seeds demo accounts and conversations into an empty database; returns whether it did. */
export async function seedDemo(d: Domain): Promise<boolean> {
  if ((await d.storage.accounts.count()) > 0) return false;
  for (const u of DEMO_USERS) {
    await createAccount(d, {
      userID: u.userID,
      password: DEMO_PASSWORD,
      mobile: u.mobile,
      identity: u.identity as 0 | 1 | 2,
      profile: {
        nick: u.nick,
        avatar: `/avatars/avatar-${u.avatar}.svg`,
        gender: u.gender,
        selfSignature: u.selfSignature,
        birthday: u.birthday,
      },
    });
  }
  const start = nowSeconds(d) - 3600 * 26;
  const byID = new Map(DEMO_USERS.map((u) => [u.userID, u]));
  let i = 0;
  for (const [from, to, text] of CONVERSATIONS) {
    i += 1;
    const time = start + i * 900;
    const sender = byID.get(from);
    await d.storage.transaction((tx) =>
      appendC2C(
        tx,
        {
          id: `demo-${i}`,
          sender: from,
          receiver: to,
          type: MESSAGE_TYPE.TEXT,
          payload: JSON.stringify({ text }),
          cloudCustomData: '',
          time,
          clientTime: time,
          nick: sender?.nick ?? '',
          nameCard: '',
          avatar: sender ? `/avatars/avatar-${sender.avatar}.svg` : '',
          priority: 'Normal',
          needReadReceipt: false,
          atUserList: '[]',
        },
        time,
      ),
    );
  }
  await seedPortalDemo(d);
  return true;
}
