/**
 * Chromium as a mid-range phone on a slow mobile link, for the first-tap browser tests
 * (tests/e2e/first-tap.test.ts, through src/phone.ts) and tools/bench-taps.mjs: Chromium's own
 * throttling over CDP with Lighthouse's mobile figures (CPU 4x slower, 150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up), its phone screen and touch, an empty cache on every load. Plain JS so the
 * bench needs no TypeScript loader.
 *
 * A page on this profile reports, from a script that runs before the page's own:
 *   - its first contentful paint (ms from navigation start);
 *   - the Event Timing entries of 16 ms or more (INP of a tap);
 *   - when it became live, by either rule: `hydrate`, every part that hydrates on its own (the
 *     frame in #root, a remote's #xb-area, each [data-xb-fragment] slot) carries data-xb-live;
 *     `swap`, the server's copy (#xb-prerender) has been replaced by the live app.
 */

/** Lighthouse's mobile throttling and screen (a Moto G Power). */
export const PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

/** Options of a browser context on the phone profile. */
export function phoneContextOptions(baseURL) {
  return {
    baseURL,
    locale: 'zh-CN',
    viewport: PHONE.viewport,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  };
}

/**
 * Runs in the page before any of its scripts: the figures above in `window.__xbPhone`, and when
 * `effect` (an element matching its selector, holding its text if given) first shows.
 * @param {{ selector: string, text?: string } | null} effect
 */
function instrument(effect) {
  if (window.top !== window) return;
  const state = { fcp: null, events: [], liveAt: { hydrate: null, swap: null }, effectAt: null, hadCopy: false };
  Object.defineProperty(window, '__xbPhone', { value: state });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.events.push({ name: e.name, start: e.startTime, duration: e.duration, interaction: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });

  const parts = () => [document.getElementById('root'), document.getElementById('xb-area'), ...document.querySelectorAll('[data-xb-fragment]')];
  const shows = () => effect && [...document.querySelectorAll(effect.selector)].some((el) => !effect.text || (el.textContent ?? '').includes(effect.text));
  const check = () => {
    const now = performance.now();
    const copy = document.getElementById('xb-prerender');
    if (state.liveAt.swap === null && !copy && state.hadCopy) state.liveAt.swap = now;
    if (state.liveAt.hydrate === null && !copy && parts().every((part) => !part || part.hasAttribute('data-xb-live'))) state.liveAt.hydrate = now;
    if (state.effectAt === null && shows()) state.effectAt = now;
  };
  // No script of the page runs before the document is parsed: watch from then on.
  const start = () => {
    state.hadCopy = Boolean(document.getElementById('xb-prerender'));
    new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    check();
  };
  if (document.readyState === 'loading') document.addEventListener('readystatechange', start, { once: true });
  else start();
}

/**
 * A new browser context on the phone profile whose pages report the figures above (and when
 * `effect` shows, read by effectAt); `phonePage` then opens a throttled page in it.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseURL
 * @param {{ selector: string, text?: string }} [effect]
 */
export async function phoneContext(browser, baseURL, effect) {
  const context = await browser.newContext(phoneContextOptions(baseURL));
  await context.addInitScript(instrument, effect ?? null);
  return context;
}

/**
 * A page of `context` with the phone's CPU and link, and no cache (every load is a first visit).
 * @param {import('playwright-core').BrowserContext} context
 */
export async function phonePage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBytesPerSecond,
    uploadThroughput: PHONE.uploadBytesPerSecond,
  });
  // The renderer's main-thread time (TaskDuration), read by mainThreadSeconds.
  await cdp.send('Performance.enable');
  // The first paint, as gotoFirstPaint waits for it.
  await cdp.send('Page.enable');
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
  return { page, cdp };
}

/**
 * Navigates to `path` and resolves at its first contentful paint, not waiting for any script: the
 * browser reports the paint (a lifecycle event) rather than being asked, so no time is lost and
 * the page's main thread is left alone. `paintedAt` reads the paint's time afterwards.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').CDPSession} cdp `page`'s, from phonePage
 * @param {string} path
 */
export async function gotoFirstPaint(page, cdp, path, timeout = 30_000) {
  /** @type {(error?: Error) => void} */
  let settle = () => {};
  const painted = new Promise((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve(undefined))));
  /** @param {{ name: string }} event */
  const listener = (event) => {
    if (event.name === 'firstContentfulPaint') settle();
  };
  const timer = setTimeout(() => settle(new Error(`${path} did not paint within ${timeout} ms`)), timeout);
  cdp.on('Page.lifecycleEvent', listener);
  try {
    await page.goto(path, { waitUntil: 'commit', timeout });
    await painted;
  } finally {
    clearTimeout(timer);
    cdp.off('Page.lifecycleEvent', listener);
  }
}

/**
 * The page's first contentful paint, ms from navigation start.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number>}
 */
export async function paintedAt(page) {
  const handle = await page.waitForFunction(() => window.__xbPhone?.fcp ?? false, null, { polling: 100 });
  return /** @type {number} */ (await handle.jsonValue());
}

/**
 * A finger's tap at the middle of `target` as soon as it is in the page, whatever the page's
 * scripts are doing: brought on screen first if needed (as a person would scroll to it). `target`
 * is a locator, or a CSS selector with the text the element holds: found by one plain query in the
 * page, it costs no locator engine (whose first use in a page takes a few hundred ms of a
 * throttled main thread), so a tap right after the paint is not put off.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator | { css: string, text?: string }} target
 * @returns {Promise<{ at: number, sent: number, answered: number, live: boolean }>} `at`: ms from
 *   navigation start when the tap was sent; `sent`/`answered`: wall-clock ms around it; `live`:
 *   whether the part holding the target was live when it was tapped (hydrated, or swapped in).
 */
export async function tap(page, target, timeout = 15_000) {
  /**
   * In the page: the element (given, or the first shown that matches), scrolled on screen if it
   * is not, and the point to touch; false while there is none.
   * @param {Element | { css: string, text?: string }} found
   */
  const aim = (found) => {
    const el =
      found instanceof Element
        ? found
        : [...document.querySelectorAll(found.css)].find((e) => (!found.text || (e.textContent ?? '').includes(found.text)) && e.getClientRects().length > 0);
    if (!el) return false;
    let box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      box = el.getBoundingClientRect();
    }
    return {
      x: box.left + box.width / 2,
      y: box.top + box.height / 2,
      at: performance.now(),
      // The server's copy of a swapped page is never live, its live twin always is; a hydrated part once marked.
      live: el.closest('#xb-prerender')
        ? false
        : window.__xbPhone?.hadCopy || Boolean(el.closest('#xb-area, [data-xb-fragment], #root')?.hasAttribute('data-xb-live')),
    };
  };
  let point = false;
  if ('css' in target) {
    // Plain evaluations, not waitForFunction: that one starts the locator engine too.
    for (const deadline = Date.now() + timeout; !point && Date.now() < deadline;) {
      point = await page.evaluate(aim, target);
      if (!point) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } else point = await target.evaluate(aim, undefined, { timeout });
  if (!point) throw new Error(`nothing to tap: ${JSON.stringify(target)}`);
  const sent = Date.now();
  await page.touchscreen.tap(point.x, point.y);
  return { at: point.at, sent, answered: Date.now(), live: point.live };
}

/**
 * The interaction to next paint of the tap sent between `sent` and `answered` (wall-clock ms), from
 * the page's Event Timing entries: the longest entry of that interaction; null when none lasted
 * 16 ms (Event Timing's floor).
 * @param {import('playwright-core').Page} page
 * @param {{ sent: number, answered: number }} tapped
 */
export async function tapInteraction(page, tapped, settle = 1000) {
  // Entries are reported after the frame that follows the event.
  await page.waitForTimeout(settle);
  return page.evaluate(({ sent, answered }) => {
    const origin = performance.timeOrigin;
    const mine = window.__xbPhone.events.filter((e) => e.interaction > 0 && origin + e.start >= sent - 50 && origin + e.start <= answered + 50);
    if (!mine.length) return null;
    const id = mine[0].interaction;
    return Math.max(...window.__xbPhone.events.filter((e) => e.interaction === id).map((e) => e.duration));
  }, tapped);
}

/**
 * Seconds the page's renderer main thread has spent on tasks since `Performance.enable`.
 * @param {import('playwright-core').CDPSession} cdp
 */
export async function mainThreadSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
}

/**
 * When (ms from navigation start) the page became live by `rule`, waiting up to `timeout`; null if it did not.
 * @param {import('playwright-core').Page} page
 * @param {'hydrate' | 'swap'} rule
 */
export async function liveAt(page, rule, timeout = 30_000) {
  try {
    const handle = await page.waitForFunction((r) => window.__xbPhone?.liveAt[r] ?? false, rule, { polling: 250, timeout });
    return /** @type {number} */ (await handle.jsonValue());
  } catch {
    return null;
  }
}

/**
 * When the context's effect (phoneContext) first showed, ms from navigation start, waiting up to
 * `timeout`; null if it did not.
 * @param {import('playwright-core').Page} page
 */
export async function effectAt(page, timeout = 20_000) {
  try {
    const handle = await page.waitForFunction(() => window.__xbPhone?.effectAt ?? false, null, { polling: 250, timeout });
    return /** @type {number} */ (await handle.jsonValue());
  } catch {
    return null;
  }
}
