/**
 * Stored text: HTML tags are stripped. The server strips
 * before storing and the browser renders only text nodes, so a tag never reaches the page as HTML.
 */

// A tag is `<` + optional `/` + a letter, up to the next `>`; comments and <!DOCTYPE>/<?...?> too.
// "<3" or "a < b" are not tags and stay as they are.
const TAG = /<!--[\s\S]*?(?:-->|$)|<[!?/]?[A-Za-z][^<>]*(?:>|$)/g;

/** Removes HTML tags and comments, unifies line ends and trims the ends. */
export function cleanText(input: string): string {
  let previous: string;
  let text = input.replace(/\r\n?/g, '\n');
  // Repeat: removing one tag can join the halves of another (`<scr<b>ipt>`).
  do {
    previous = text;
    text = text.replace(TAG, '');
  } while (text !== previous);
  return text.trim();
}
