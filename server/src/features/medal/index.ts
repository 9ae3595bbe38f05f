/**
 * What other features use of 勋章: storing what a user's data earns in the transaction of a write
 * that can earn one (a yy posted, a follow, an import), the earned ids of a user's row (getinfo,
 * getuserinfo) and a user's medals (export). Other slices import this feature only through this
 * file (tools/check-boundaries.mjs).
 */
export { awardMedals, awardMedalsOf, earnedMedalsSql, exportMedals, launchMedals, type MedalExport } from './queries';
