// Runs before the first paint (a blocking script in <head>, fetched beside theme-boot.js; inline
// scripts are refused by the CSP). 'token' is TOKEN_KEY (dataProvider/httpClient.ts), 'language'
// the language preference (src/preferences.ts).
//
// A returning user (a session token in storage): starts fetching the signed-in shell's scripts,
// which the build lists in <meta name="signed-in-scripts">, while the main script is still
// downloading and running rather than after it: the first list row comes sooner.
//
// A signed-out visitor: shows the sign-in form that index.html carries (#early-sign-in, written by
// scripts/vite-early-sign-in.ts from the catalogues), so it can be typed in while the console's
// main script (~250 kB) is still on its way: on a slow phone that took 3.5 s (bench/PHONE.md). The
// console's own sign-in page takes over what was typed, and a submit made meanwhile
// (src/pages/earlySignIn.ts); until then a submit only marks the form as waiting.
(function () {
  var token = null;
  var language = null;
  try {
    token = window.localStorage.getItem('token');
    language = window.localStorage.getItem('language');
  } catch (e) {
    // storage disabled: nobody is signed in, English
  }
  function preloadSignedIn() {
    var meta = document.querySelector('meta[name="signed-in-scripts"]');
    if (!meta) return;
    (meta.getAttribute('content') || '').split(' ').forEach(function (src) {
      if (!src) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = src;
      document.head.appendChild(link);
    });
  }
  if (token) {
    preloadSignedIn();
    return;
  }
  // Pages a signed-out visitor may open that are not the sign-in page (src/modules/accounts,
  // src/modules/directory, src/App.tsx's noLayout routes): the console draws them itself.
  var own = ['/forgot-password', '/reset-password', '/logout', '/sign-in/directory'];
  if (own.indexOf(window.location.pathname.replace(/\/+$/, '')) !== -1) return;
  var languages = ['en', 'bn', 'es', 'my'];
  document.documentElement.setAttribute('data-early-sign-in', languages.indexOf(language) === -1 ? 'en' : language);
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form || form.id !== 'early-sign-in') return;
    event.preventDefault();
    // Signing in as soon as the console is here: its signed-in screens will be needed.
    if (!form.hasAttribute('data-pending')) preloadSignedIn();
    form.setAttribute('data-pending', '');
    var button = form.querySelector('button');
    if (button) button.disabled = true;
  });
})();
