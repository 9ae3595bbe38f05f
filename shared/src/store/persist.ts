/** Persistence of the auth state without the token, under one localStorage key. */
import type { UserInfo } from '../core/api-types';
import type { AuthState } from './auth-slice';
import { initialAuthState } from './auth-slice';

export const STORAGE_KEY = 'xb-state';

type Persisted = Omit<AuthState, 'token'>;

/** A stored user must at least be an object with a numeric uid; anything else is corrupt. */
const isStoredUser = (value: unknown): value is UserInfo => typeof value === 'object' && value !== null && typeof (value as { uid?: unknown }).uid === 'number';

export function loadAuthState(storage: Storage | undefined = globalThis.localStorage): AuthState {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return initialAuthState;
    const saved = JSON.parse(raw) as Partial<Persisted>;
    return {
      token: null,
      user: isStoredUser(saved.user) ? saved.user : null,
      today: typeof saved.today === 'string' ? saved.today : '',
      myspace: typeof saved.myspace === 'boolean' ? saved.myspace : true,
    };
  } catch {
    return initialAuthState; // corrupt or blocked storage: start signed out rather than crash
  }
}

export function saveAuthState(state: AuthState, storage: Storage | undefined = globalThis.localStorage): void {
  const { token: _token, ...persisted } = state;
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(persisted));
  } catch {
    // Private mode or full storage: the session still works for this tab.
  }
}
