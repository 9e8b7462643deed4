/* The JSON API client: session cookie + CSRF token, the same code path as any other client. */
import { csrfToken } from './dom.js';

/** One request to the API. Throws (TypeError) only when the network is down. */
async function api(method, url, body, headers) {
  const options = {
    method,
    credentials: 'same-origin',
    headers: Object.assign({ Accept: 'application/json', 'X-CSRFToken': csrfToken() }, headers || {}),
  };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  let data = null;
  if (response.status !== 204 && response.status !== 304) {
    try {
      data = await response.json();
    } catch (_error) {
      data = null;
    }
  }
  // offline: the service worker answered with the copy it kept (the network is down), not the server.
  return {
    status: response.status,
    ok: response.ok,
    data,
    etag: response.headers.get('ETag'),
    link: response.headers.get('Link'),
    offline: response.headers.get('X-Served-Offline') === '1',
  };
}

/** The URL of a Link header's rel="earlier" (the board's window before this one), or null. */
function earlierUrl(link) {
  const found = /<([^>]+)>;\s*rel="earlier"/.exec(link || '');
  return found ? found[1] : null;
}

export { api, earlierUrl };
