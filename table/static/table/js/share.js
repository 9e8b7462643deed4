/* The share panel of the scoreboard: make the spectators' link, copy it, show its QR code (drawn by the server:
 * the API answers it as an SVG), or hand it to the phone's share sheet where the browser has one. */
import { $ } from './dom.js';
import { api } from './api.js';
import { t } from './i18n.js';

/**
 * Copy ``text``: the Clipboard API where the page may use it (a secure context: HTTPS or this machine), else the
 * old selection copy (``fallback()``, true when it worked). Answers 'copied', or 'select' when neither worked and
 * the person must select the link and copy it themselves. DOM-free, for tests/js/.
 */
export async function copyText(text, clipboard, fallback) {
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return 'copied';
    } catch (_error) {
      // Refused (no permission, not focused): the selection copy may still work.
    }
  }
  try {
    return fallback() ? 'copied' : 'select';
  } catch (_error) {
    return 'select';
  }
}

/** Whether this browser has a share sheet that takes ``data`` (navigator.share, and canShare where it exists). */
export function canShareSheet(nav, data) {
  if (!nav || typeof nav.share !== 'function') return false;
  return typeof nav.canShare !== 'function' || nav.canShare(data);
}

const COPY_MESSAGES = {
  copied: t('Link copied.'),
  select: t('Copying is not allowed here: select the link and copy it.'),
};
const STOP_CONFIRM_MS = 5000;

export function sharePanel(cfg) {
  const panel = $('#share-panel');
  if (!panel) return;
  const status = (text) => {
    $('#share-status').textContent = text;
  };
  const shareData = () => ({ title: document.title, text: t('The scoreboard, live'), url: $('#share-url').value });

  function show(link) {
    $('#share-url').value = link.page_url;
    // Read as HTML, as the page's own template has it: the HTML parser puts an <svg> without xmlns (segno's inline
    // SVG) into the SVG namespace, where an XML parse leaves it a foreign element that draws only its title.
    const svg = new DOMParser().parseFromString(link.qr_svg, 'text/html').querySelector('svg');
    $('#share-qr').replaceChildren(document.importNode(svg, true));
    $('#share-link').hidden = false;
    $('#share').hidden = true;
    $('#share-send').hidden = !canShareSheet(navigator, shareData());
  }
  function hide() {
    $('#share-link').hidden = true;
    $('#share').hidden = false;
    $('#share-qr').replaceChildren();
    $('#share-url').value = '';
  }
  if ($('#share-url').value) $('#share-send').hidden = !canShareSheet(navigator, shareData());

  $('#share').addEventListener('click', async () => {
    try {
      const res = await api('POST', cfg.share_url, {});
      if (res.ok) {
        show(res.data);
        status('');
      } else status((res.data && res.data.detail) || t('No share link.'));
    } catch (_error) {
      status(t('No network: the share link needs one to be made.'));
    }
  });
  $('#share-copy').addEventListener('click', async () => {
    const input = $('#share-url');
    const outcome = await copyText(input.value, navigator.clipboard, () => {
      input.select();
      return document.execCommand('copy');
    });
    if (outcome === 'select') input.select();
    status(COPY_MESSAGES[outcome]);
  });
  $('#share-send').addEventListener('click', () => {
    // AbortError when the person closes the sheet: nothing to say.
    navigator.share(shareData()).catch(() => {});
  });
  // Stopping ends every spectator's view at once: the first tap asks, the second (within 5 s) stops.
  let stopArmed = null;
  $('#share-stop').addEventListener('click', async (event) => {
    const button = event.currentTarget;
    if (!stopArmed) {
      button.textContent = t('Tap again to stop');
      stopArmed = setTimeout(() => {
        stopArmed = null;
        button.textContent = t('Stop sharing');
      }, STOP_CONFIRM_MS);
      return;
    }
    clearTimeout(stopArmed);
    stopArmed = null;
    button.textContent = t('Stop sharing');
    try {
      const res = await api('DELETE', cfg.share_url);
      if (res.ok || res.status === 404) {
        hide();
        status(t('Sharing stopped: the old link no longer opens.'));
      }
    } catch (_error) {
      status(t('No network: sharing was not stopped.'));
    }
  });
}
