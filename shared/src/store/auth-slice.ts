/**
 * Auth state: the token lives in memory only; the user's fields, the date of the
 * last login record (`today`) and the own-space flag are persisted by `persist.ts`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginData, UserInfo } from '../core/api-types';
import type { SkinId } from '../core/constants';

export interface AuthState {
  token: string | null;
  user: UserInfo | null;
  /** Local date (YYYY-MM-DD) of the last `updatelogin` record. */
  today: string;
  myspace: boolean;
}

export const initialAuthState: AuthState = { token: null, user: null, today: '', myspace: true };

function userFrom(data: LoginData | UserInfo): UserInfo {
  const { token: _t, username: _u, ...user } = data as LoginData;
  return user as UserInfo;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loggedIn(state, action: PayloadAction<LoginData>) {
      state.token = action.payload.token;
      state.user = userFrom(action.payload);
    },
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    userLoaded(state, action: PayloadAction<UserInfo>) {
      state.user = userFrom(action.payload);
    },
    userPatched(state, action: PayloadAction<Partial<UserInfo>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    skinSaved(state, action: PayloadAction<SkinId>) {
      if (state.user) state.user.skin = action.payload;
    },
    loginRecorded(state, action: PayloadAction<string>) {
      state.today = action.payload;
    },
    setMyspace(state, action: PayloadAction<boolean>) {
      state.myspace = action.payload;
    },
    /** Logout and session expiry: nothing of the user stays behind. */
    loggedOut() {
      return initialAuthState;
    },
  },
});

export const authActions = authSlice.actions;
