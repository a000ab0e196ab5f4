import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../core/report/index.js';
import { hostile, hostileDiagnosis, hostileState } from '../../core/report/test-support.js';
import { requireChromium } from '../platform/chromium.js';

/**
 * The HTML report parsed by a real browser engine (Debian Chromium, as the e2e tests use):
 * whatever the string tests assume about escaping, this is what a reader's browser builds.
 */
let browser: Browser;

beforeAll(async () => {
  // Without Chromium this fails with one line saying how to get it (never skipped).
  browser = await chromium.launch({ executablePath: requireChromium() });
});

afterAll(async () => {
  await browser?.close();
});

describe('the HTML report in Chromium', () => {
  it('builds no script, no handler, no link and no external resource from hostile data', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.setContent(renderHtml(hostileDiagnosis(), { state: hostileState(), graphPng: 'data:image/png;base64,iVBORw0KGgo=' }));
    const found = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')];
      return {
        scripts: document.querySelectorAll('script, iframe, object, embed, link, a, form, base').length,
        handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`)),
        images: [...document.querySelectorAll('img')].map((img) => img.getAttribute('src')),
        csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null,
        text: document.body.innerText,
        svgNodes: document.querySelectorAll('svg.graph rect').length,
      };
    });
    await page.close();
    expect(found.scripts).toBe(0);
    expect(found.handlers).toEqual([]);
    expect(found.images).toEqual(['data:image/png;base64,iVBORw0KGgo=']);
    expect(found.csp).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(found.text).toContain(hostile.script);
    expect(found.text).toContain(hostile.img);
    expect(found.text).toContain(hostile.entity);
    expect(found.svgNodes).toBe(4);
    expect(requests.filter((url) => !url.startsWith('data:') && url !== 'about:blank')).toEqual([]);
  });
});
