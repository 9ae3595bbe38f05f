import { RelativeTime } from '@xiaoba/shared';

/** A post's time as people say it (3分钟前), with the full date on hover and for machines. */
export const Time = RelativeTime;
