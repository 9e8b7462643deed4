/* Every table page registers the service worker (table/pwa.py), which keeps the page's code, the pages and the
 * boards opened, so they open with no network and the table can be added to the home screen. */
const meta = document.querySelector('meta[name=service-worker]');
if (meta && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register(meta.content, { scope: '/table/' }).catch(() => {
    // Not allowed here (a plain-HTTP address other than this machine): the pages work online as before.
  });
}
