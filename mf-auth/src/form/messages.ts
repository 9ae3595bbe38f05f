/** Texts more than one page shows, in the original site's words. */
export const WELCOME = '上车咯！';
