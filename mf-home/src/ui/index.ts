/**
 * mf-home's shared UI pieces. Pages import them from here only, never from the files: then these
 * modules all have the same importers, and the build puts them in ONE chunk (one request on an old
 * phone, compressed together). Apart, as the chunks Rollup would make (Panel for every page;
 * RemoteFragment and TabList for /home and /search), /home's first load is about 200 B heavier,
 * beyond its budget; together, the other pages (/help, /follows, /fans, /system/notify) load about
 * 1 KB they do not use on a first visit, already there when they are reached from /home.
 */
export { RemoteFragment } from '../feed/RemoteFragment';
export { Note, Retry } from './Note';
export { Panel } from './Panel';
export { TabList } from './TabList';
