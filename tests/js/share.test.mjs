import { test } from 'node:test';
import assert from 'node:assert/strict';
import './browser.mjs';
import { copyText, canShareSheet } from '../../table/static/table/js/share.js';

test('the Clipboard API copies when the page may use it', async () => {
  const written = [];
  const outcome = await copyText(
    'https://x/table/s/t/',
    {
      writeText: async (text) => {
        written.push(text);
      },
    },
    () => assert.fail('no fallback needed'),
  );
  assert.equal(outcome, 'copied');
  assert.deepEqual(written, ['https://x/table/s/t/']);
});

test('a refused or missing Clipboard API falls back to the selection copy', async () => {
  const refused = {
    writeText: async () => {
      throw new Error('NotAllowedError');
    },
  };
  assert.equal(await copyText('u', refused, () => true), 'copied');
  assert.equal(await copyText('u', undefined, () => true), 'copied');
});

test('when neither works the person is asked to select the link', async () => {
  assert.equal(await copyText('u', undefined, () => false), 'select');
  assert.equal(
    await copyText('u', undefined, () => {
      throw new Error('no execCommand');
    }),
    'select',
  );
});

test('the share sheet is offered only where the browser has one that takes the link', () => {
  const data = { url: 'https://x/' };
  assert.equal(canShareSheet({}, data), false);
  assert.equal(canShareSheet(undefined, data), false);
  assert.equal(canShareSheet({ share: () => {} }, data), true);
  assert.equal(canShareSheet({ share: () => {}, canShare: () => false }, data), false);
  assert.equal(canShareSheet({ share: () => {}, canShare: (d) => d.url === 'https://x/' }, data), true);
});
