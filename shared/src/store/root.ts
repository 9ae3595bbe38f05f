/**
 * The root reducer every module shares. The shell makes the store from it; a remote adds its own
 * slices with `rootReducer.inject(slice)` when it loads (RTK 2 combineSlices).
 */
import { combineSlices } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { baseApi } from '../api/base-api';
import { authSlice } from './auth-slice';
import { uiSlice } from './ui-slice';

export const rootReducer = combineSlices(authSlice, uiSlice, baseApi);

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = import('@reduxjs/toolkit').ThunkDispatch<RootState, unknown, import('@reduxjs/toolkit').UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<import('@reduxjs/toolkit').Store<RootState>>();

export const selectUser = (state: RootState) => state.auth.user;
export const selectToken = (state: RootState) => state.auth.token;
export const selectSkin = (state: RootState) => state.ui.skin;
export const selectLoading = (state: RootState) => state.ui.loading;
/** Whether the site is a read-only archive: composers, edit and delete controls are hidden. */
export const selectArchive = (state: RootState) => state.ui.archive;
export const useArchiveMode = () => useAppSelector(selectArchive);
