// For a returning user (a session token in storage), starts fetching the signed-in shell's
// scripts, which the build lists in <meta name="signed-in-scripts">, while the main script is
// still downloading and running rather than after it: the first list row comes sooner.
// A file, not an inline script: the CSP refuses inline scripts. 'token' is TOKEN_KEY
// (dataProvider/httpClient.ts).
(function () {
  var token = null;
  try {
    token = window.localStorage.getItem('token');
  } catch (e) {
    // storage disabled: nobody is signed in
  }
  var meta = document.querySelector('meta[name="signed-in-scripts"]');
  if (!token || !meta) return;
  (meta.getAttribute('content') || '').split(' ').forEach(function (src) {
    if (!src) return;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = src;
    document.head.appendChild(link);
  });
})();
