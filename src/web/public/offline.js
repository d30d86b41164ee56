// The offline page's behaviour (offline.html); a file of its own since the CSP admits no inline
// script. Retry loads the page that failed again; so does getting the connection back.
(() => {
  // The label's name, as the app last saw it (src/web/pwa/register-service-worker.ts).
  try {
    const labelName = window.localStorage.getItem('imprint.labelName');
    if (labelName) {
      const brand = document.getElementById('label-name');
      if (brand) brand.textContent = labelName;
      document.title = `You are offline | ${labelName}`;
    }
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): the default name stays.
  }

  const retry = () => {
    const button = document.getElementById('retry');
    const status = document.getElementById('status');
    if (button) button.disabled = true;
    if (status) status.textContent = 'Trying again…';
    window.location.reload();
  };

  document.getElementById('retry')?.addEventListener('click', retry);
  window.addEventListener('online', retry);
})();
