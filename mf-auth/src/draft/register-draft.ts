/**
 * The register draft: what the registration steps hand to each other.
 * MEMORY ONLY: it is injected into the shared store, whose persistence saves the auth slice and
 * nothing else, so the password never reaches localStorage; a reload loses the draft and step
 * two sends the user back to step one.
 */
import { createSlice, type PayloadAction, rootReducer, type Sex, useAppSelector } from '@xiaoba/shared';

export interface RegisterDraft {
  email: string;
  lockedPassword: string;
  uname: string;
  sex: Sex | null;
  /** 'YYYY-MM-DD' or '' when not chosen. */
  birthday: string;
}

export const emptyDraft: RegisterDraft = { email: '', lockedPassword: '', uname: '', sex: null, birthday: '' };

export const registerDraftSlice = createSlice({
  name: 'registerDraft',
  initialState: emptyDraft,
  reducers: {
    /** The login page's register mode: name, sex and birthday chosen before step one. */
    profileChosen(state, action: PayloadAction<Pick<RegisterDraft, 'uname' | 'sex' | 'birthday'>>) {
      Object.assign(state, action.payload);
    },
    /** Step one passed the verification: step two needs the e-mail and password. */
    credentialsVerified(state, action: PayloadAction<Pick<RegisterDraft, 'email' | 'lockedPassword'>>) {
      Object.assign(state, action.payload);
    },
    cleared() {
      return emptyDraft;
    },
  },
});

export const draftActions = registerDraftSlice.actions;

/** Injected when mf-auth loads; `selector` reads the initial state until the slice has one. */
const withDraft = rootReducer.inject(registerDraftSlice);

export const selectRegisterDraft = withDraft.selector((state) => state.registerDraft);

export function useRegisterDraft(): RegisterDraft {
  return useAppSelector(selectRegisterDraft as (state: unknown) => RegisterDraft);
}
