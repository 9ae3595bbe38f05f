/**
 * The shell's own build contract (docs/api.md "Publishing a remote"), compiled in by the build
 * (`__XB_CONTRACT__`, defined in shared/build/federation.mjs's hostConfig; the same object as
 * dist/contract.json). Undefined where nothing compiled it in (unit tests): then no remote is
 * refused for its contract.
 */
import type { BuildContract } from '@xiaoba/shared';

declare const __XB_CONTRACT__: BuildContract | undefined;

export const SHELL_CONTRACT: BuildContract | undefined = typeof __XB_CONTRACT__ === 'undefined' ? undefined : __XB_CONTRACT__;
