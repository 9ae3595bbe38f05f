/** UI state owned by the shell but driven from any module: the global loading overlay and the theme. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SkinId } from '../core/constants';
import { authSlice } from './auth-slice';

export interface UiState {
  /** When on, a dimmed overlay with the loading animation covers the screen. */
  loading: boolean;
  /** The skin shown now: the saved one, or a preview while the skin picker is open. */
  skin: SkinId;
  /** The operator's archive mode (ARCHIVE_MODE=1): the site is read-only; read from the manifest at start. */
  archive: boolean;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { loading: false, skin: '', archive: false } as UiState,
  reducers: {
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    showSkin(state, action: PayloadAction<SkinId>) {
      state.skin = action.payload;
    },
    setArchive(state, action: PayloadAction<boolean>) {
      state.archive = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(authSlice.actions.loggedIn, (state, action) => {
        state.skin = action.payload.skin;
      })
      .addCase(authSlice.actions.userLoaded, (state, action) => {
        state.skin = action.payload.skin;
      })
      .addCase(authSlice.actions.loggedOut, (state) => {
        state.skin = '';
      });
  },
});

export const uiActions = uiSlice.actions;
