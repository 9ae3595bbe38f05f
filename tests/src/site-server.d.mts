import type { ChildProcess } from 'node:child_process';

export declare const repo: string;
export declare const CHROMIUM_ARGS: string[];
export declare function freePort(): Promise<number>;
export interface Site {
  url: string;
  child: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
}
export declare function startSite(env: Record<string, string>, root?: string): Promise<Site>;
export declare function ensureServerBuilt(): void;
export declare function tempDataDir(prefix: string): string;
