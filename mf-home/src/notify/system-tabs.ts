/** The tabs of the 消息 pages: /system/notify, /system/scrip (and its conversations) and 应用通知, a link only. */
import { SCRIP_PATH, type TabLink } from '@xiaoba/shared';

export const SYSTEM_TABS: TabLink[] = [
  { to: '/system/notify', label: '系统通知' },
  // Current on a conversation (/system/scrip/100002) too.
  { to: SCRIP_PATH, label: '小纸条', end: false },
  { to: '/system/app', label: '应用通知' },
];
