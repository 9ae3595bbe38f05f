/** Texts more than one page shows, exactly as the spec words them. */
export const WELCOME = '上车咯！';
