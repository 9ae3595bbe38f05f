/**
 * `@xiaoba/shared`: what every browser module uses, loaded once as a federated singleton.
 * Browser modules import from here, the 日志, 相册 and 勋章 rules from `@xiaoba/shared/space-features`
 * and the sign-in, registration and profile forms' rules and fields from `@xiaoba/shared/forms`
 * (both bundled into their own chunks); the server imports `@xiaoba/shared/core`.
 */
export * from './core';
export { api, createApiClient, errorMessage, setSessionHooks, REFRESH_URL, type SessionHooks } from './api/client';
export { preloadApiClient, currentToken, refreshAccessToken, type ApiClient, type ApiDefaults } from './api/client';
export { whenIdle } from './api/lazy';
export { baseApi, type ApiError } from './api/base-api';
export * from './api/user-api';
export * from './api/safety-api';
export * from './api/follow-api';
export * from './api/scrip-api';
export { useFollowToggle } from './api/follow-toggle';
export * from './api/upload';
export { authSlice, authActions, initialAuthState, type AuthState } from './store/auth-slice';
export { uiSlice, uiActions, type UiState } from './store/ui-slice';
export * from './store/root';
export { loadAuthState, saveAuthState, STORAGE_KEY } from './store/persist';
export { themes, themeFor, type Theme } from './theme/skins';
export { GlobalStyle } from './theme/global-style';
export type {} from './theme/styled-theme';
export { notify, Toaster } from './ui/toast';
export { RelativeTime, setPaintedAt, useClockText, type ClockText } from './ui/clock';
export { Dialog, type DialogProps } from './ui/Dialog';
export { Button } from './ui/Button';
export { card } from './ui/card';
export { TabNav, type TabLink } from './ui/TabNav';
export { RichText, HighlightText } from './ui/RichText';
export { Pager, pageItems, useListPage, type PagerProps } from './ui/Pager';
export { Avatar, avatarColor, AVATAR_COLORS, type AvatarProps } from './ui/Avatar';
export { FaceArt, PRESET_FACES, presetFace, type PresetFace } from './ui/faces';
export { EmojiPicker, type EmojiPickerProps } from './ui/EmojiPicker';
export { insertAtCursor } from './ui/insert-at-cursor';
export { useEmojiInsert } from './ui/useEmojiInsert';
export { FieldError, TextBox, TextCount, type TextBoxProps, type TextCountProps } from './ui/TextBox';
export { ReportDialog, reportProblem, type ReportDialogProps, type ReportTarget } from './ui/ReportDialog';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/ConfirmDialog';
export * from './federation/route-table';
export { setRouteTitle, usePageTitle } from './federation/page-title';
export { lazyPage, preloadPage, retryFailedPages, type LazyPage } from './federation/lazy-page';
export { AreaTree, CaptureRouterContexts, useRouterContexts, type AreaTreeProps, type RouterContexts } from './federation/area-tree';
export { dropTaps, holdsServerMarkup, KEEP_MARKUP, markLive, useUnitRoot, WhenCommitted, type UnitRootOptions } from './federation/unit-root';
export {
  pagePrefetchesOf,
  startPagePrefetch,
  whenSignedIn,
  withGuardVerdict,
  type FragmentPrefetch,
  type PagePrefetch,
  type PagePrefetches,
  type PrefetchContext,
  type PrefetchStore,
} from './federation/route-prefetch';
export { loadRemoteModule, resetRemoteModule, setRemoteLoader, NO_REMOTE_LOADER, type RemoteLoader } from './federation/remote-module';
export { liveBus, useLiveConnected, useLiveEvent, type LiveEventOf } from './live/live-bus';
export { connectLiveUpdates, type ConnectLiveOptions, type LiveStore } from './live/connect';
export * from './libraries';
