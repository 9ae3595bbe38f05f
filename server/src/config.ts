/** Configuration from the environment. Every variable is documented in server/README.md. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { LIVE_HEARTBEAT_MS } from '@xiaoba/shared/core';
import { REPO_ROOT } from './paths';
import type { Isolation } from './platform/render/isolation';

export interface QuizAnswers {
  name: string[];
  fans: string[];
  message: string[];
  weibo: string[];
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** An external PostgreSQL; when absent the embedded one in `dataDir/pg` is used. */
  databaseUrl: string | null;
  /** Where `shell/dist` and `mf-*\/dist` are. */
  siteDir: string;
  /** When null, a random secret is created once and kept in the database. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  quiz: QuizAnswers;
  demoData: boolean;
  logLevel: string;
  /** Port of the embedded PostgreSQL; null picks a free one. */
  pgPort: number | null;
  /** Where uploaded pictures are stored (`yy/<random>.webp`), served at /uploads/ (the local driver). */
  uploadsDir: string;
  /** S3-compatible storage for the pictures instead of `uploadsDir` (S3_BUCKET set), or null. */
  s3: S3Config | null;
  /** Anti-spam: accepted posts per user within `windowMinutes`; 0 disables that limit. */
  postLimits: PostLimits;
  /** Anti-spam for the message board: per user within `postLimits.windowMinutes`; 0 disables. */
  boardLimits: BoardLimits;
  /** ARCHIVE_MODE=1: the site is a read-only archive (reading and exporting still work). */
  archiveMode: boolean;
  /** Reports a user may file within an hour (LIMIT_REPORTS); 0 disables the limit. */
  reportsPerHour: number;
  /** New follows a user may make within an hour (LIMIT_FOLLOWS); 0 disables the limit. */
  followsPerHour: number;
  /** 小纸条 a user may send within `postLimits.windowMinutes` (LIMIT_SCRIPS); 0 disables the limit. */
  scripsPerWindow: number;
  /** 日志 entries a user may write within `postLimits.windowMinutes` (LIMIT_DIARIES); 0 disables the limit. */
  diariesPerWindow: number;
  /** Exports a user may prepare within an hour (EXPORT_PER_HOUR); 0 disables the limit. */
  exportPerHour: number;
  /** Largest export ZIP POST /api/import accepts, in MiB (IMPORT_MAX_MB). */
  importMaxMb: number;
  /** The general /api limit and the registration limit (docs/security.md "Limits"); 0 disables one. */
  rateLimits: RateLimits;
  /** Publishing remotes (docs/api.md "Publishing a remote"). */
  deploy: DeployConfig;
  /** Bounds on stored pictures (uploads/quota.ts, uploads/disk-room.ts); 0 turns one off. */
  storage: StorageLimits;
  /** How long any wait on PostgreSQL may last (PG_*_TIMEOUT_MS); past one a request answers 503. */
  db: DbTimeouts;
  /** A `: ping` on every live-update stream at least this often, in ms (LIVE_HEARTBEAT_MS). */
  liveHeartbeatMs: number;
  /**
   * Signed-in pages rendered on the server (docs/adr/0016 "Step 3"): the longest wait for
   * one render in the sandbox, in ms (SERVER_RENDER_TIMEOUT_MS; 0: no server render, every page
   * is rendered in the browser as before), and how many sandbox processes per remote (SERVER_RENDER_PROCESSES;
   * by default one per core, at most 4: DEFAULT_RENDER_PROCESSES).
   * `unsafe` (SERVER_RENDER_UNSAFE=1): run published server entries even where the sandbox cannot
   * close their network and signals (the operator accepts that risk); by default they are not run there.
   * `memoMs`, `memoMb` (SERVER_RENDER_MEMO_MS, SERVER_RENDER_MEMO_MB): how long a render is answered
   * again for the same input without asking a child, and the bound on those kept answers
   * (platform/render/render-memo.ts; 0 ms: every render asks a child).
   */
  serverRender: {
    timeoutMs: number;
    processes: number;
    /** Both set from the environment; a test app that leaves them out renders every time. */
    memoMs?: number;
    memoMb?: number;
    unsafe?: boolean;
    /** Tests only: the sandbox's runner built elsewhere. */ runner?: string;
    /** Tests only: what the OS offers to contain the sandbox's children (default: probed). */ isolation?: Isolation;
  };
}

/**
 * Bounds on every wait on PostgreSQL, in milliseconds; 0 means none (not for `acquireMs`). The
 * first three are set on each connection of the API's pool (data/pool.ts); the transactions of an
 * export prepare and of an import raise `statementMs` to `longStatementMs` for themselves, and
 * migrations and the demo seed lift them all. Backup and restore use their own connections.
 */
export interface DbTimeouts {
  /** One statement's run time, lock waits included (PostgreSQL `statement_timeout`). */
  statementMs: number;
  /** One wait for a row, table or advisory lock (`lock_timeout`). */
  lockMs: number;
  /** A transaction left idle between two statements (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
  /** Waiting for a free connection of the pool, or for a new one to connect (pg's `connectionTimeoutMillis`). */
  acquireMs: number;
  /** `statementMs` inside the transactions of an export prepare and of an import. */
  longStatementMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  statementMs: 5000,
  lockMs: 3000,
  idleInTransactionMs: 10_000,
  acquireMs: 3000,
  longStatementMs: 600_000,
};

export interface StorageLimits {
  /** MiB of pictures one user may keep: yy pictures, the avatar, imported ones (STORAGE_QUOTA_MB). */
  quotaMb: number;
  /** Picture writes stop while a disk they fill has less free than this, in MiB (DISK_FREE_FLOOR_MB). */
  diskFloorMb: number;
}

export interface DeployConfig {
  /** The registry of remotes (REMOTES_FILE, default remotes.config.json at the repository root). */
  remotesFile: string;
  /** REMOTES_FILE was set: the file must exist (else a missing default file means the built-in registry). */
  remotesFileSet: boolean;
  /** Largest ZIP a publish accepts, in MiB (DEPLOY_MAX_MB). */
  maxMb: number;
  /** Days a replaced version's hashed files are still served, for open pages (REMOTE_RETAIN_DAYS). */
  retainDays: number;
  /** REMOTE_OVERRIDES=1: developers may load a remote from localhost in their own browser. */
  overrides: boolean;
}

export interface RateLimits {
  /** /api requests a minute per signed-in user (verified access token), all processes together. */
  user: number;
  /** /api requests a minute per client address for calls without a valid access token. */
  anon: number;
  /** Accounts created an hour per client address. */
  register: number;
}

export interface S3Config {
  bucket: string;
  /** For MinIO, R2, Ceph...; null means AWS itself. */
  endpoint: string | null;
  region: string;
  /** Both or neither; without them the SDK's default chain (env, profile, instance role) is used. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Put before every key, e.g. `xiaoba/`; '' for none. */
  prefix: string;
}

export interface BoardLimits {
  /** Leave messages a user may write (on any boards). */
  leaves: number;
  /** Replies under leave messages a user may write. */
  replies: number;
}

export interface PostLimits {
  yy: number;
  comments: number;
  uploads: number;
  windowMinutes: number;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_QUIZ: QuizAnswers = { name: ['巴巴'], fans: ['粉丝'], message: ['纸条'], weibo: ['yy'] };

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  return {
    port: intVar(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    siteDir: path.resolve(env.SITE_DIR || REPO_ROOT),
    jwtSecret: secretVar(env),
    accessTokenTtlSeconds: intVar(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 2, 86_400),
    refreshTokenTtlDays: intVar(env, 'REFRESH_TOKEN_TTL_DAYS', 14, 1, 365),
    cookieSecure: boolVar(env, 'COOKIE_SECURE', false),
    trustProxy: boolVar(env, 'TRUST_PROXY', false),
    quiz: {
      name: answers(env.QUIZ_NAME, DEFAULT_QUIZ.name),
      fans: answers(env.QUIZ_FANS, DEFAULT_QUIZ.fans),
      message: answers(env.QUIZ_MESSAGE, DEFAULT_QUIZ.message),
      weibo: answers(env.QUIZ_WEIBO, DEFAULT_QUIZ.weibo),
    },
    demoData: boolVar(env, 'DEMO_DATA', true),
    logLevel: env.LOG_LEVEL || 'info',
    pgPort: env.PG_PORT ? intVar(env, 'PG_PORT', 0, 1, 65535) : null,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    s3: s3Vars(env),
    postLimits: {
      yy: intVar(env, 'LIMIT_YY', 10, 0, 100_000),
      comments: intVar(env, 'LIMIT_COMMENTS', 30, 0, 100_000),
      uploads: intVar(env, 'LIMIT_UPLOADS', 60, 0, 100_000),
      windowMinutes: intVar(env, 'LIMIT_WINDOW_MINUTES', 10, 1, 1440),
    },
    boardLimits: {
      leaves: intVar(env, 'LIMIT_LEAVES', 20, 0, 100_000),
      replies: intVar(env, 'LIMIT_LEAVE_REPLIES', 40, 0, 100_000),
    },
    archiveMode: boolVar(env, 'ARCHIVE_MODE', false),
    reportsPerHour: intVar(env, 'LIMIT_REPORTS', 20, 0, 100_000),
    followsPerHour: intVar(env, 'LIMIT_FOLLOWS', 60, 0, 100_000),
    scripsPerWindow: intVar(env, 'LIMIT_SCRIPS', 30, 0, 100_000),
    diariesPerWindow: intVar(env, 'LIMIT_DIARIES', 10, 0, 100_000),
    exportPerHour: intVar(env, 'EXPORT_PER_HOUR', 3, 0, 1000),
    importMaxMb: intVar(env, 'IMPORT_MAX_MB', 200, 1, 4096),
    rateLimits: {
      user: intVar(env, 'RATE_LIMIT_USER', 300, 0, 1_000_000),
      anon: intVar(env, 'RATE_LIMIT_ANON', 600, 0, 1_000_000),
      register: intVar(env, 'RATE_LIMIT_REGISTER', 5, 0, 1_000_000),
    },
    deploy: {
      remotesFile: path.resolve(env.REMOTES_FILE || path.join(REPO_ROOT, 'remotes.config.json')),
      remotesFileSet: Boolean(env.REMOTES_FILE),
      maxMb: intVar(env, 'DEPLOY_MAX_MB', 20, 1, 1024),
      retainDays: intVar(env, 'REMOTE_RETAIN_DAYS', 7, 0, 3650),
      overrides: boolVar(env, 'REMOTE_OVERRIDES', false),
    },
    storage: {
      quotaMb: intVar(env, 'STORAGE_QUOTA_MB', 1024, 0, 1_048_576),
      diskFloorMb: intVar(env, 'DISK_FREE_FLOOR_MB', 1024, 0, 1_048_576),
    },
    db: {
      statementMs: intVar(env, 'PG_STATEMENT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.statementMs, 0, 3_600_000),
      lockMs: intVar(env, 'PG_LOCK_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.lockMs, 0, 3_600_000),
      idleInTransactionMs: intVar(env, 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.idleInTransactionMs, 0, 3_600_000),
      acquireMs: intVar(env, 'PG_ACQUIRE_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.acquireMs, 100, 600_000),
      longStatementMs: intVar(env, 'PG_LONG_STATEMENT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.longStatementMs, 0, 86_400_000),
    },
    liveHeartbeatMs: intVar(env, 'LIVE_HEARTBEAT_MS', LIVE_HEARTBEAT_MS, 100, 600_000),
    serverRender: {
      timeoutMs: intVar(env, 'SERVER_RENDER_TIMEOUT_MS', 1000, 0, 60_000),
      processes: intVar(env, 'SERVER_RENDER_PROCESSES', DEFAULT_RENDER_PROCESSES, 1, 16),
      memoMs: intVar(env, 'SERVER_RENDER_MEMO_MS', 30_000, 0, 600_000),
      memoMb: intVar(env, 'SERVER_RENDER_MEMO_MB', 32, 1, 4096),
      unsafe: boolVar(env, 'SERVER_RENDER_UNSAFE', false),
    },
  };
}

/**
 * Render processes per remote unless SERVER_RENDER_PROCESSES says otherwise: one per core, so a
 * busy remote's renders run side by side where there are cores to run them; at most 4 (about
 * 40 MiB each, started on a remote's first render).
 */
export const DEFAULT_RENDER_PROCESSES = Math.min(4, Math.max(1, availableParallelism()));

/** Answers are compared trimmed and case-insensitively, so they are stored that way. */
export function normaliseAnswer(answer: string): string {
  return answer.trim().toLowerCase();
}

function answers(value: string | undefined, fallback: string[]): string[] {
  const list = (value ?? '').split('|').map(normaliseAnswer).filter(Boolean);
  return list.length > 0 ? list : fallback;
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be 0 or 1, got "${raw}"`);
}

function secretVar(env: Env): string | null {
  const raw = env.JWT_SECRET;
  if (!raw) return null;
  // HS256 wants at least 256 bits of key material.
  if (Buffer.byteLength(raw) < 32) throw new Error('JWT_SECRET must be at least 32 bytes long');
  return raw;
}

function s3Vars(env: Env): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (accessKeyId && !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID is set: S3_SECRET_ACCESS_KEY is needed too');
  if (secretAccessKey && !accessKeyId) throw new Error('S3_SECRET_ACCESS_KEY is set: S3_ACCESS_KEY_ID is needed too');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: boolVar(env, 'S3_FORCE_PATH_STYLE', false),
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : prefix + '/',
  };
}
