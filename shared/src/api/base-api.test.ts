import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { rootReducer } from '../store/root';
import { PAGE_STATE_ID, type PageState } from '../core/page-render';
import { baseApi } from './base-api';
import { userApi } from './user-api';

const newStore = () => configureStore({ reducer: rootReducer, middleware: (d) => d().concat(baseApi.middleware) });

/** A fulfilled entry and its tags as the server's render leaves them in RTK Query's state. */
const KEY = 'getUserInfo(100002)';
const entry = {
  status: 'fulfilled',
  endpointName: 'getUserInfo',
  requestId: 'r',
  originalArgs: 100002,
  data: { uid: 100002 },
  startedTimeStamp: 1,
  fulfilledTimeStamp: 2,
};
const provided = { tags: { Space: { 100002: [KEY] } }, keys: { [KEY]: [{ type: 'Space', id: 100002 }] } };

/** What the shell dispatches with a server-rendered page's cache. */
const pageStateLoaded = (payload: PageState['api']) => ({ type: PAGE_STATE_ID, payload });

describe('the page state action (a server-rendered page hands its cache over)', () => {
  it('merges the fulfilled queries and their tags into the cache', () => {
    const store = newStore();
    store.dispatch(pageStateLoaded({ queries: { [KEY]: entry, 'getInfo(undefined)': { status: 'pending' } }, provided }));
    expect(userApi.endpoints.getUserInfo.select(100002)(store.getState()).data).toEqual({ uid: 100002 });
    // Only settled entries: a pending one would wait for a request nobody sent.
    expect(store.getState().api.queries['getInfo(undefined)']).toBeUndefined();
    expect(baseApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Space', id: 100002 }])).toHaveLength(1);
  });

  it('takes queries without tags', () => {
    const store = newStore();
    store.dispatch(pageStateLoaded({ queries: { [KEY]: entry } }));
    expect(userApi.endpoints.getUserInfo.select(100002)(store.getState()).isSuccess).toBe(true);
  });
});
