/**
 * Export tickets in PostgreSQL (migration 007): prepared once, downloaded once within 10 minutes,
 * by any API process. The ticket is a random secret in the download URL; only its sha256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../data/pool';
import type { ZipPlan, ZipPlanFile } from './zip';

export const TICKET_TTL_MINUTES = 10;
/** A download whose progress has not moved for this long is dead (its process stopped or the client left). */
export const STALE_DOWNLOAD_SECONDS = 60;

const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newTicket(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored hash of a well-formed ticket, or null for anything else. */
export function ticketHash(ticket: string): Buffer | null {
  return TICKET_PATTERN.test(ticket) ? createHash('sha256').update(ticket).digest() : null;
}

/** Whether the user has a download under way (started, not finished, still moving). */
export async function downloadRunning(db: Queryable, uid: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM export_tickets
     WHERE uid = $1 AND used_at IS NOT NULL AND NOT done AND NOT failed
       AND coalesce(progress_at, used_at) > now() - make_interval(secs => $2)`,
    [uid, STALE_DOWNLOAD_SECONDS],
  );
  return (rowCount ?? 0) > 0;
}

export async function preparedWithinHour(db: Queryable, uid: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM export_tickets WHERE uid = $1 AND created_at > now() - interval '1 hour'`, [
    uid,
  ]);
  return rows[0]?.n ?? 0;
}

/** A new prepare replaces the user's unused tickets; tickets older than a day are dropped. */
export async function retireOldTickets(db: Queryable, uid: number): Promise<void> {
  await db.query(
    `UPDATE export_tickets SET cancelled_at = now(), data_json = '', index_html = '', files = '[]'
     WHERE uid = $1 AND used_at IS NULL AND cancelled_at IS NULL`,
    [uid],
  );
  await db.query(`DELETE FROM export_tickets WHERE uid = $1 AND created_at < now() - interval '1 day'`, [uid]);
}

export async function insertTicket(db: Queryable, hash: Buffer, uid: number, plan: ZipPlan, size: number): Promise<void> {
  await db.query(
    // The time as ISO text: a timestamp column ignores the zone, and the text is UTC already.
    `INSERT INTO export_tickets (ticket_hash, uid, expires_at, exported_at, size, data_json, index_html, files)
     VALUES ($1, $2, now() + make_interval(mins => $3), $4, $5, $6, $7, $8)`,
    [hash, uid, TICKET_TTL_MINUTES, plan.mtime.toISOString(), size, plan.dataJson, plan.indexHtml, JSON.stringify(plan.files)],
  );
}

export interface ClaimedTicket {
  uid: number;
  size: number;
  plan: ZipPlan;
}

/** Marks a valid, unused ticket as used (once: the UPDATE decides between racing requests) and returns its plan. */
export async function claimTicket(db: Queryable, hash: Buffer, folder: (uid: number, at: Date) => string): Promise<ClaimedTicket | null> {
  // The generated files are read once here and emptied in the same statement: a used ticket keeps
  // only its small progress row.
  const { rows } = await db.query<{
    uid: number;
    size: number;
    exported_ms: number;
    data_json: Buffer;
    index_html: Buffer;
    files: ZipPlanFile[];
  }>(
    `WITH t AS (
       SELECT ticket_hash, data_json, index_html, files FROM export_tickets
       WHERE ticket_hash = $1 AND used_at IS NULL AND cancelled_at IS NULL AND expires_at > now()
       FOR UPDATE
     )
     UPDATE export_tickets e SET used_at = now(), progress_at = now(), data_json = '', index_html = '', files = '[]'
     FROM t WHERE e.ticket_hash = t.ticket_hash
     RETURNING e.uid, e.size, (extract(epoch FROM e.exported_at) * 1000)::bigint AS exported_ms, t.data_json, t.index_html, t.files`,
    [hash],
  );
  const row = rows[0];
  if (!row) return null;
  // Read as epoch milliseconds: the column holds UTC, and a Date from pg would be taken as local time.
  const mtime = new Date(row.exported_ms);
  return {
    uid: row.uid,
    size: row.size,
    plan: { folder: folder(row.uid, mtime), mtime, dataJson: row.data_json, indexHtml: row.index_html, files: row.files },
  };
}

/** A valid, unused ticket's owner, size and time, without using it (for HEAD). */
export async function peekTicket(db: Queryable, hash: Buffer): Promise<{ uid: number; size: number; mtime: Date } | null> {
  const { rows } = await db.query<{ uid: number; size: number; exported_ms: number }>(
    `SELECT uid, size, (extract(epoch FROM exported_at) * 1000)::bigint AS exported_ms FROM export_tickets
     WHERE ticket_hash = $1 AND used_at IS NULL AND cancelled_at IS NULL AND expires_at > now()`,
    [hash],
  );
  const row = rows[0];
  return row ? { uid: row.uid, size: row.size, mtime: new Date(row.exported_ms) } : null;
}

export async function recordProgress(db: Queryable, hash: Buffer, sent: number, end: 'done' | 'failed' | null): Promise<void> {
  await db.query(`UPDATE export_tickets SET sent = $2, progress_at = now(), done = done OR $3, failed = failed OR $4 WHERE ticket_hash = $1`, [
    hash,
    sent,
    end === 'done',
    end === 'failed',
  ]);
}

export async function readProgress(db: Queryable, hash: Buffer, uid: number): Promise<{ sent: number; size: number; done: boolean } | null> {
  const { rows } = await db.query<{ sent: number; size: number; done: boolean }>(
    `SELECT sent, size, done FROM export_tickets WHERE ticket_hash = $1 AND uid = $2 AND cancelled_at IS NULL`,
    [hash, uid],
  );
  return rows[0] ?? null;
}

/**
 * For the hourly purge: tickets older than a day go (the per-hour limit needs only the last hour);
 * expired unused ones drop their generated files at once.
 */
export async function purgeExportTickets(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM export_tickets WHERE created_at < now() - interval '1 day'`);
  await db.query(`UPDATE export_tickets SET data_json = '', index_html = '', files = '[]' WHERE expires_at < now() AND octet_length(data_json) > 0`);
}
