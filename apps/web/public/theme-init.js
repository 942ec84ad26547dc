// Runs before the first paint: 'ligth' (the stored value of the original app, misspelling kept)
// means light, anything else dark.
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('theme') === 'ligth') theme = 'light';
  } catch {
    /* storage unavailable: keep dark */
  }
  document.documentElement.setAttribute('data-bs-theme', theme);
})();
