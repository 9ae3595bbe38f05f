// Loaded (async, same origin: the CSP allows it) with a prerendered page, long before the app's
// scripts: a submit of the prerendered form is remembered on #xb-prerender, and the shell repeats
// it on the live form once that is shown (shell/src/prerendered.ts). Without this script the
// submit does nothing (the form's method is "dialog") and what was typed stays.
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
