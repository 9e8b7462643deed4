// The little of a browser the page's DOM-free modules touch, for Node's own test runner (no DOM library, no npm):
// localStorage, window's events, a document without elements, and fetch answered by the test.
const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => {
    store.set(key, String(value));
  },
  removeItem: (key) => {
    store.delete(key);
  },
  clear: () => store.clear(),
};
const listeners = {};
globalThis.window = globalThis.window || {
  addEventListener: (type, fn) => {
    (listeners[type] = listeners[type] || []).push(fn);
  },
  dispatch: (type) => (listeners[type] || []).forEach((fn) => fn()),
};
globalThis.document = globalThis.document || { querySelector: () => null };

/** Answer each fetch with the next of ``answers``: {status, body} or an Error (the network down). Records calls. */
export function answerFetches(answers) {
  const calls = [];
  globalThis.fetch = async (url, options) => {
    calls.push({ url, method: options.method, body: options.body ? JSON.parse(options.body) : undefined });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${options.method} ${url}`);
    if (next instanceof Error) throw new TypeError('Failed to fetch');
    return {
      status: next.status,
      ok: next.status >= 200 && next.status < 300,
      headers: { get: () => null },
      json: async () => next.body,
    };
  };
  return calls;
}

export function resetBrowser() {
  store.clear();
}
