/** Long work in slices: the event loop serves other requests between them. */
import { JSONParser } from '@streamparser/json';

/** Items checked between two turns of the event loop: a large export never blocks other requests for long. */
export const ITEMS_PER_TURN = 1000;
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes of data.json parsed between two turns of the event loop. */
const JSON_BYTES_PER_TURN = 128 * 1024;

/**
 * JSON.parse without the block: data.json parsed a slice at a time by a streaming parser (JSON.parse
 * of a 60,000-post export held the event loop for 80-110 ms and other users' requests waited that
 * long; this takes about 4x the CPU, in slices of about 15 ms). Throws on what JSON.parse refuses.
 */
export async function parseJsonInTurns(bytes: Buffer): Promise<unknown> {
  const parser = new JSONParser({ paths: ['$'] });
  let root: { value: unknown } | null = null;
  parser.onValue = ({ value }) => {
    root = { value };
  };
  for (let i = 0; i < bytes.length; i += JSON_BYTES_PER_TURN) {
    if (i > 0) await nextTurn();
    parser.write(bytes.subarray(i, i + JSON_BYTES_PER_TURN));
  }
  // The parser ends by itself once the root value is complete; else the input stopped inside it.
  if (!parser.isEnded) parser.end();
  if (root === null) throw new SyntaxError('data.json holds no JSON value');
  return (root as { value: unknown }).value;
}

/** A step of a long loop: every ITEMS_PER_TURN calls it lets the event loop serve others first. */
export function turnTaker(): () => Promise<void> | undefined {
  let calls = 0;
  return () => (++calls % ITEMS_PER_TURN === 0 ? nextTurn() : undefined);
}
