// The one script of a painted page (/login and /register rendered at build time, a signed-in page
// rendered by the server) that runs before the app: loaded async from our own origin (the CSP allows
// no inline script). The shell's build serves it at /boot.js; tools/prerender.mjs copies it beside
// mf-auth's prerendered pages (docs/adr/0008, 0018).
//  1. The server has parked the app's module scripts and preloads (type="xb-module",
//     rel="xb-modulepreload") so that nothing competes with the first paint; after that paint this
//     starts them, exactly as the plain tags would have.
//  2. No dead taps: until a part of the page is hydrated (the frame in #root, the page's area
//     #xb-area, a fragment slot [data-xb-fragment]; a hydrated part carries data-xb-live), a tap on
//     one of its controls (a button, a link, a tab, a check box) or a submit of one of its forms is
//     held here, in document.__xbEarlyTaps.queue, and that part replays it on the same element once
//     it is live (shared/src/federation/unit-root.tsx). A control is held once: an impatient second
//     tap does not cancel the first. Typing is not held: the fields keep what is typed, and the part
//     hands it to React as it goes live. Past HOLD_MS the page is left to the browser (links load).
//     A tap before this script ran is found again as the page's first input (below).
(function () {
  var UNITS = '[data-xb-fragment], #xb-area, #root';
  var CONTROLS =
    'a[href], button, summary, [role=button], [role=tab], [role=menuitem], [role=link], input[type=checkbox], input[type=radio], input[type=submit]';
  var HOLD_MS = 30000;
  var held = { queue: [] };
  document.__xbEarlyTaps = held;
  var since = Date.now();

  function waiting(el) {
    if (Date.now() - since > HOLD_MS) return false;
    var unit = el.closest(UNITS);
    return !!unit && !unit.hasAttribute('data-xb-live');
  }
  function heldAlready(el) {
    for (var i = 0; i < held.queue.length; i++) if (held.queue[i].el === el) return true;
    return false;
  }

  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      if (!(target instanceof Element) || !waiting(target)) return;
      var control = target.closest(CONTROLS);
      if (!control) return;
      // Not the browser's own action either (a link would load the page again, a box would tick without the app knowing).
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!heldAlready(control)) held.queue.push({ type: 'click', el: control });
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || !waiting(form)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!heldAlready(form)) held.queue.push({ type: 'submit', el: form, submitter: event.submitter || null });
    },
    true,
  );

  // A tap before this script ran (the page may paint before it arrives) met nothing to hold it, and
  // a button has no action of its own: it was lost. The browser keeps the page's first input with
  // its target (Event Timing's first-input entry); when that came before the listeners above, its
  // control is held now. Not a control whose own action the browser has taken already: a link
  // (its page is loading), a submit button (its form was sent), a box or a summary (toggled).
  var listeningFrom = window.performance ? performance.now() : 0;
  function holdFirstInput(entry) {
    if (entry.startTime >= listeningFrom || !/^(pointerdown|mousedown|click)$/.test(entry.name)) return;
    var target = entry.target;
    if (!(target instanceof Element) || !target.isConnected || !waiting(target)) return;
    var control = target.closest(CONTROLS);
    if (!control || heldAlready(control)) return;
    var ownAction = control.matches('a[href], summary, input') || (control.tagName === 'BUTTON' && control.type === 'submit' && control.form);
    if (!ownAction) held.queue.push({ type: 'click', el: control });
  }
  var kinds = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (kinds && kinds.indexOf('first-input') !== -1) {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(holdFirstInput);
    }).observe({ type: 'first-input', buffered: true });
  }

  var started = false;
  // Inserting a modulepreload link costs the main thread a few ms each on a slow phone (measured:
  // 17 of them in one go were a task of 25-245 ms at 4x CPU slowdown, counted as blocking time),
  // so they go in a few at a time, one task per batch.
  var BATCH = 4;
  function start() {
    if (started) return;
    started = true;
    var parked = document.querySelectorAll('link[rel="xb-modulepreload"], script[type="xb-module"]');
    var live = [];
    for (var i = 0; i < parked.length; i++) {
      var old = parked[i];
      var el;
      if (old.tagName === 'LINK') {
        el = document.createElement('link');
        el.rel = 'modulepreload';
        el.href = old.getAttribute('href');
      } else {
        el = document.createElement('script');
        el.type = 'module';
        el.src = old.getAttribute('src');
      }
      if (old.hasAttribute('crossorigin')) el.crossOrigin = old.getAttribute('crossorigin') || '';
      live.push({ el: el, old: old });
    }
    (function insert(from) {
      for (var j = from; j < Math.min(from + BATCH, live.length); j++) {
        live[j].old.parentNode.insertBefore(live[j].el, live[j].old);
        live[j].old.parentNode.removeChild(live[j].old);
      }
      if (from + BATCH < live.length) setTimeout(insert, 0, from + BATCH);
    })(0);
  }
  // After the next paint (a frame, then a task); a hidden tab paints nothing, so start at once.
  if (document.visibilityState === 'visible' && window.requestAnimationFrame) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    // Belt and braces: a frame that never comes must not keep the app from starting.
    setTimeout(start, 1000);
  } else start();
})();
