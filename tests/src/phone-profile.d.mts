import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Locator, Page } from 'playwright-core';

export declare const PHONE: {
  cpuSlowdown: number;
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
};
export type LiveRule = 'hydrate' | 'swap';
export interface Tapped {
  /** ms from navigation start when the tap was sent */
  at: number;
  sent: number;
  answered: number;
  /** whether the part holding the target was live when it was tapped (hydrated, or swapped in) */
  live: boolean;
}
export declare function phoneContextOptions(baseURL: string): BrowserContextOptions;
export interface Effect {
  selector: string;
  text?: string;
}
export declare function phoneContext(browser: Browser, baseURL: string, effect?: Effect): Promise<BrowserContext>;
export declare function phonePage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }>;
export declare function gotoFirstPaint(page: Page, cdp: CDPSession, path: string, timeout?: number): Promise<void>;
export declare function paintedAt(page: Page): Promise<number>;
export declare function tap(page: Page, target: Locator | { css: string; text?: string }, timeout?: number): Promise<Tapped>;
export declare function tapInteraction(page: Page, tapped: Pick<Tapped, 'sent' | 'answered'>, settle?: number): Promise<number | null>;
export declare function mainThreadSeconds(cdp: CDPSession): Promise<number>;
export declare function liveAt(page: Page, rule: LiveRule, timeout?: number): Promise<number | null>;
export declare function effectAt(page: Page, timeout?: number): Promise<number | null>;
