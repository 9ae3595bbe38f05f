/**
 * mf-settings' server entry (docs/adr/0016 "Step 3"): the settings pages rendered by the site's
 * render sandbox with the signed-in user's own values, through shared's `createServerEntry`. No
 * route prefetch: what these pages show first comes with the user.
 */
import { createServerEntry } from '@xiaoba/shared/server';
import AvatarPage from './avatar/AvatarPage';
import DataPage from './data/DataPage';
import PrivacyPage from './privacy/PrivacyPage';
import ProfilePage from './profile/ProfilePage';
import { routeTable } from './route-table';

export const { plan, render } = createServerEntry({ routeTable, pages: { avatar: AvatarPage, profile: ProfilePage, data: DataPage, privacy: PrivacyPage } });
