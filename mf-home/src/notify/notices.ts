/** The static sample list of system notifications, newest first. */
export interface Notice {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  body: string;
}

export const NOTICES: Notice[] = [
  {
    id: 'welcome',
    title: '欢迎回到校巴！',
    date: '2026-11-01',
    body: '好久不见！这里是老校巴人自发搭建的怀旧小站。去装扮一下，看看老朋友们都回来了没有吧。',
  },
  {
    id: 'old-accounts',
    title: '老账号可以直接登录',
    date: '2026-10-28',
    body: '2015年12月26日之后注册的账号可以直接用米米号或邮箱登录，不需要重新注册。',
  },
  {
    id: 'password',
    title: '忘记密码请找客服群',
    date: '2026-10-20',
    body: '本站暂时没有自助重置密码的功能。忘记密码的话，请加入客服群联系管理员帮你找回。',
  },
  {
    id: 'skins',
    title: '七套装扮上线啦',
    date: '2026-10-12',
    body: '默认主题、金色童年、萌萌猫、孤独剑客、童话小镇、摩尔多多、雨的回忆，点页面顶部的“装扮”就能预览和保存。',
  },
  {
    id: 'rules',
    title: '请遵守校巴守则',
    date: '2026-10-05',
    body: '文明发言，友善待人。违反守则的用户会视情节受到警告、删除内容、临时冻结直至永久封禁的处理。',
  },
  {
    id: 'free',
    title: '本站完全免费',
    date: '2026-09-30',
    body: '本站不以盈利为目的，不会以任何名义向你收钱。有人以校巴的名义要钱，请不要相信。',
  },
  {
    id: 'backup',
    title: '重要内容记得备份',
    date: '2026-09-26',
    body: '本站由爱好者维护，将来可能会关闭，重要的文字和图片请自己保存一份。',
  },
];
