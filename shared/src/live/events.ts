/**
 * The contract's numbers and names (shared/src/core/live.ts) as the stream takes them, kept in the
 * shared singleton: the lazy stream chunk (./stream.ts) imports nothing of shared's source, so no
 * constant of it becomes a chunk of its own on every page's first load.
 */
import { ERROR_TYPE_HEADER } from '../core/api-types';
import { LIVE_EVENT_TYPES, LIVE_HEARTBEAT_MS, LIVE_RETRY_MAX_MS, LIVE_RETRY_MIN_MS } from '../core/live';
import type { LiveStreamRules } from './stream';

/** No byte for this long (the server sends a comment every LIVE_HEARTBEAT_MS) is a break. */
export const LIVE_SILENCE_MS = LIVE_HEARTBEAT_MS * 2 + 5_000;

export const LIVE_RULES: LiveStreamRules = {
  eventTypes: LIVE_EVENT_TYPES,
  retryMinMs: LIVE_RETRY_MIN_MS,
  retryMaxMs: LIVE_RETRY_MAX_MS,
  silenceMs: LIVE_SILENCE_MS,
  errorTypeHeader: ERROR_TYPE_HEADER,
};
