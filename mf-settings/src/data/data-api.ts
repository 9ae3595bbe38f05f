/**
 * The export and import calls of /setting/data (docs/api.md "Export, import and archive").
 * The export is downloaded by the browser itself from a one-time link, so a ZIP of hundreds of MB
 * streams to disk instead of into a phone's memory; the page shows the server's progress meanwhile.
 */
import { api, errorMessage, uploadFile, type ApiEnvelope, type UploadResult } from '@xiaoba/shared';

export interface ExportTicket {
  ticket: string;
  /** The ZIP's exact size in bytes (its Content-Length). */
  size: number;
  posts: number;
  images: number;
}

export interface ExportProgress {
  sent: number;
  size: number;
  done: boolean;
}

/** What an import restored, skipped (already here) and could not restore, per kind of record. */
export interface ImportCounts {
  yy: number;
  comments: number;
  leaves: number;
  leaveReplies: number;
  images: number;
  signatures: number;
  avatar: number;
  /** 日志 entries (absent from a server without them). */
  diaries?: number;
}

export interface ImportReport {
  created: ImportCounts;
  skipped: ImportCounts;
  unrestorable: { kind: string; id: number | string; reason: string }[];
}

export const COUNT_LABELS: [keyof ImportCounts, string, string][] = [
  ['yy', 'yy', '条'],
  ['comments', '评论', '条'],
  ['leaves', '留言', '条'],
  ['leaveReplies', '留言回复', '条'],
  ['images', '图片', '张'],
  ['signatures', '签名', '个'],
  ['avatar', '头像', '个'],
  ['diaries', '日志', '篇'],
];

export const NOT_A_ZIP = '请选择从校巴导出的 ZIP 文件';
export const IMPORT_FAILED = '导入失败，请稍后再试';
// A big ZIP on a slow phone link: the progress bar shows it moving; the server has its own limit.
const IMPORT_TIMEOUT_MS = 60 * 60 * 1000;

export type Result<T> = { ok: true; data: T } | { ok: false; message: string };

async function call<T>(request: () => Promise<{ data: ApiEnvelope<T> }>, valid: (data: T | undefined) => data is T): Promise<Result<T>> {
  try {
    const res = await request();
    const data = res.data.data;
    return valid(data) ? { ok: true, data } : { ok: false, message: '服务器的回答无法识别' };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}

const isTicket = (d: ExportTicket | undefined): d is ExportTicket => typeof d?.ticket === 'string' && d.ticket !== '' && Number.isFinite(d.size);
const isProgress = (d: ExportProgress | undefined): d is ExportProgress => typeof d?.sent === 'number' && typeof d.done === 'boolean';
const isReport = (d: ImportReport | undefined): d is ImportReport => typeof d?.created === 'object' && d.created !== null && Array.isArray(d.unrestorable);

/** POST /api/export/prepare: a one-time download ticket; `skin` colours the offline page. */
export const prepareExport = (skin: string) => call(() => api.post<ApiEnvelope<ExportTicket>>('/export/prepare', { skin }), isTicket);

/** GET /api/export/progress/:ticket: how many bytes the server has sent. */
export const exportProgress = (ticket: string) =>
  call(() => api.get<ApiEnvelope<ExportProgress>>(`/export/progress/${encodeURIComponent(ticket)}`), isProgress);

/** Where the browser downloads the ZIP from (no Bearer needed: the ticket is the secret). */
export const downloadUrl = (ticket: string) => `/api/export/download/${encodeURIComponent(ticket)}`;

/** Why a chosen file cannot be an export, or null. The server checks the content itself. */
export function refuseZip(file: File): string | null {
  const zipType = ['application/zip', 'application/x-zip-compressed', 'application/x-zip', ''].includes(file.type);
  return /\.zip$/i.test(file.name) && zipType && file.size > 0 ? null : NOT_A_ZIP;
}

/** POST /api/import (multipart `file`); `onProgress` gets 0..1 of the upload. Never throws. */
export function importZip(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult<ImportReport>> {
  return uploadFile<ImportReport>('/import', file, { onProgress, signal, accept: isReport, failed: IMPORT_FAILED, timeoutMs: IMPORT_TIMEOUT_MS });
}

/** "yy 3 条，图片 2 张" for the non-zero counts, or null when all are zero. */
export function describeCounts(counts: Partial<ImportCounts>): string | null {
  const parts = COUNT_LABELS.filter(([key]) => (counts[key] ?? 0) > 0).map(([key, label, unit]) => `${label} ${counts[key]} ${unit}`);
  return parts.length > 0 ? parts.join('，') : null;
}

/** 1.5 MB, 320 KB, 900 B. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
