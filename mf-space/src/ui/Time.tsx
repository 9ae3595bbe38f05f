import { fullTime, isoTime, relativeTime } from '@xiaoba/shared';

/** A post's time as people say it (3分钟前), with the full date on hover and for machines. */
export function Time({ at, className }: { at: number; className?: string }) {
  return (
    <time className={className} dateTime={isoTime(at)} title={fullTime(at)}>
      {relativeTime(at)}
    </time>
  );
}
