/** The help centre's questions. Plain data so the page and its test share it. */
import { SKINS } from '@xiaoba/shared';

export interface Faq {
  question: string;
  /** One paragraph per entry. */
  answer: string[];
}

export interface FaqSection {
  id: string;
  title: string;
  items: Faq[];
}

const skinNames = SKINS.map((s) => s.name).join('、');

export const FAQ: FaqSection[] = [
  {
    id: 'account',
    title: '登录与账号',
    items: [
      {
        question: '怎么登录校巴？',
        answer: ['在登录页输入你的米米号或注册时填写的邮箱，再输入密码，点击“登录”就可以了。', '米米号是注册成功时告诉你的那串数字。'],
      },
      {
        question: '我以前注册的账号还能用吗？',
        answer: ['2015年12月26日之后注册的账号可以直接登录，不需要重新注册。', '登录遇到问题，可以加入客服群找我们。'],
      },
      {
        question: '忘记密码了怎么办？',
        answer: ['忘记密码只能通过客服群找回：请加入校巴客服群，联系管理员帮你处理。', '本站没有自助重置密码的功能，登录页的“忘记密码”也只是提醒你加群。'],
      },
      {
        question: '怎么注册新账号？',
        answer: [
          '在登录页点击“注册”，一共两步：先填写邮箱和密码、回答注册验证的小问题，再填写昵称、生日和性别。',
          '注册成功后会告诉你你的米米号，记得记下来。',
        ],
      },
    ],
  },
  {
    id: 'features',
    title: '校巴里的玩法',
    items: [
      {
        question: 'yy 是什么？',
        answer: ['yy 是写在空间里的心情短句。你可以发 yy，也可以评论、回复和转发别人的 yy。'],
      },
      {
        question: '留言板是什么？',
        answer: ['每个人的空间都有一块留言板，朋友可以在上面给你留言，你也可以回复他们的留言。'],
      },
      {
        question: '装扮是什么？',
        answer: [
          '装扮就是给校巴换一身皮肤。点页面顶部的“装扮”按钮，先预览，满意了再保存；点取消就恢复原来的样子。',
          `现在一共有 ${SKINS.length} 套：${skinNames}。`,
        ],
      },
    ],
  },
  {
    id: 'about',
    title: '关于本站',
    items: [
      {
        question: '这里是原来的校巴吗？',
        answer: ['不是。这是老校巴人自发制作的粉丝复刻版，只为让大家回来看看老朋友、找回当年的回忆。'],
      },
      {
        question: '要花钱吗？',
        answer: ['完全免费。本站不以盈利为目的，不众筹、不接受捐款，也不会以任何名义向你收钱。', '如果有人以校巴的名义向你要钱，请不要相信。'],
      },
      {
        question: '页面里的美术素材是谁的？',
        answer: ['校巴原有的美术作品（形象、皮肤、图片等）版权归原网站所有。', '本站的界面图案由爱好者重新绘制，只用于怀旧纪念。'],
      },
    ],
  },
];
