// The one script of a prerendered page (/login, /register) or a server-rendered signed-in page that
// runs before the app: loaded async from our own origin (the CSP allows no inline script). The
// shell's build serves it at /boot.js (signed-in pages: docs/adr/0016 "Step 3"); tools/prerender.mjs
// copies it beside mf-auth's prerendered pages; docs/adr/0008 says why.
//  1. The server has parked the app's module scripts and preloads (type="xb-module",
//     rel="xb-modulepreload") so that nothing competes with the first paint; after that paint this
//     starts them, exactly as the plain tags would have.
//  2. A submit of the prerendered form (its method is "dialog": a no-op, nothing reloads) is
//     remembered on #xb-prerender; the shell repeats it on the live form (shell/src/prerendered.ts).
(function () {
  document.addEventListener(
    'submit',
    function (event) {
      var page = document.getElementById('xb-prerender');
      var form = event.target;
      if (!page || !page.contains(form)) return;
      event.preventDefault();
      var buttons = Array.prototype.slice.call(form.querySelectorAll('button, input[type=submit]'));
      page.setAttribute('data-submit-form', String(Array.prototype.indexOf.call(page.querySelectorAll('form'), form)));
      page.setAttribute('data-submit-button', String(event.submitter ? buttons.indexOf(event.submitter) : -1));
    },
    true,
  );

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
