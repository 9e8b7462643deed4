/* What the page knows of the network: the last request's fate, and the badge in the header that shows it.
 * `network.online` is null until a request has been tried; `network.onChange` is the page's hook to repaint. */
import { $ } from './dom.js';

export const network = { online: null, onChange: null };

/** Record how the last request went and let the page repaint its badge. */
export function reachable(online) {
  network.online = online;
  if (network.onChange) network.onChange();
}

export function setNet(text, offline) {
  const badge = $('#net');
  if (!badge) return;
  badge.hidden = !text;
  badge.textContent = text || '';
  badge.classList.toggle('offline', Boolean(offline));
}
