import { describe, expect, it } from 'vitest';
import { XmlNotWellFormedError, checkXmlWellFormed } from './test-support.js';

describe('checkXmlWellFormed (the checker the XML export tests rely on)', () => {
  it('accepts a well-formed document', () => {
    expect(() => checkXmlWellFormed(`<?xml version="1.0"?>\n<a x="1" y='&amp;&#10;'><!-- c --><b/>t &lt; &#x41;</a>\n`)).not.toThrow();
  });

  it.each([
    ['crossed tags', '<a><b></a></b>'],
    ['a bare ampersand in text', '<a>fish & chips</a>'],
    ['a bare ampersand in an attribute', '<a t="&x"/>'],
    ['a duplicate attribute', '<a x="1" x="2"/>'],
    ['a control character', '<a>\u0001</a>'],
    ['two roots', '<a/><b/>'],
    ['a < inside an attribute', '<a t="<"/>'],
    ['raw markup from data', '<a><script>alert(1)</script</a>'],
    ['an unclosed element', '<a><b></b>'],
    ['text outside the root', '<a/>tail'],
  ])('rejects %s', (_what, xml) => {
    expect(() => checkXmlWellFormed(xml)).toThrow(XmlNotWellFormedError);
  });
});
