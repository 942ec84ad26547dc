// Runs before the first paint: 'ligth' (spelling kept, DECISIONS #1) means light, anything else dark.
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('theme') === 'ligth') theme = 'light';
  } catch {
    /* storage unavailable: keep dark */
  }
  document.documentElement.setAttribute('data-bs-theme', theme);
})();
