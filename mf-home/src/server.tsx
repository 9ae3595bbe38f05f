/**
 * mf-home's server entry (docs/adr/0016 "Step 3"): /home, /follows, /fans, /help, /system/notify,
 * /system/scrip (a conversation, /system/scrip/<uid>, renders its loading line: reading it marks it
 * read, so the server does not ask it) and /search rendered by the site's render sandbox with their first screen, through shared's
 * `createServerEntry` (plan: the route prefetch's GETs; render: the page from the site's answers).
 * mf-space's `./feed` on /home is left as a slot (RemoteFragment) that the site fills with
 * mf-space's own render of it: no remote's code is bundled into another's.
 */
import { createServerEntry } from '@xiaoba/shared/server';
import { FollowListPage } from './follows/FollowListPage';
import HelpPage from './help/HelpPage';
import HomePage from './home/HomePage';
import NotifyPage from './notify/NotifyPage';
import { prefetch } from './prefetch';
import { routeTable } from './route-table';
import ScripListPage from './scrip/ScripListPage';
import ScripThreadPage from './scrip/ScripThreadPage';
import SearchPage from './search/SearchPage';

export const { plan, render } = createServerEntry({
  routeTable,
  pages: {
    home: HomePage,
    help: HelpPage,
    notify: NotifyPage,
    scrip: ScripListPage,
    scripThread: ScripThreadPage,
    follows: () => <FollowListPage kind="follows" />,
    fans: () => <FollowListPage kind="fans" />,
    search: SearchPage,
  },
  prefetch,
});
