/**
 * The widths at which a space page changes its layout, for CSS media queries only: a page renders
 * the same markup at every width (the server cannot know the screen), and CSS alone decides what
 * a phone folds away.
 */

/** One column: the side panel folds into a compact header above the page. */
export const PHONE = '(max-width: 700px)';
/** Two columns or more: the side panel stands beside the page, whole. */
export const WIDE = '(min-width: 701px)';
