// Runs before the first paint (a blocking script in <head>; inline scripts are refused by the
// CSP): marks the page dark when the stored theme is dark, so a reload never flashes light.
// The colours match src/layout/theme.ts (PAGE_BACKGROUND).
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch (e) {
    // storage disabled: the default light theme applies
  }
  document.documentElement.setAttribute('data-theme', theme === 'dark' ? 'dark' : 'light');
})();
