/**
 * `@xiaoba/shared/space-features`: the rules, words and types of 日志, 相册 and 勋章, and who may see an
 * entry or an album. Outside the federated singleton, so no page's first load carries them: a page
 * that needs them imports this entry and its build bundles the part it uses into that page's own
 * chunk. The server has them in `@xiaoba/shared/core`.
 */
export * from './visibility';
export * from './diary';
export * from './diary-bodies';
export * from './album';
export * from './medal';
