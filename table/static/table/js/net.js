/* What the page knows of the network: the last request's fate, and the badge in the header that shows it.
 * `network.online` is null until a request has been tried; `network.onChange` is the page's hook to repaint. */
import { $ } from './dom.js';

export const network = { online: null, onChange: null };

/** Record how the last request went and let the page repaint its badge. */
export function reachable(online) {
  // An answer that comes in after the browser said it went offline (a request already under way) does not bring
  // the page back online: only the browser's 'online' and a request after it do.
  const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  network.online = online && !browserOffline;
  if (network.onChange) network.onChange();
}

// The browser's own word comes first: 'offline' fires the moment the phone loses its network (a failed request
// says so too, for a network that is up but reaches nothing); 'online' is only a hint, until a request succeeds.
if (typeof window !== 'undefined' && window.addEventListener) {
  window.addEventListener('offline', () => reachable(false));
}

export function setNet(text, offline) {
  const badge = $('#net');
  if (!badge) return;
  badge.hidden = !text;
  badge.textContent = text || '';
  badge.classList.toggle('offline', Boolean(offline));
}
