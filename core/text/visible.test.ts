import { describe, expect, it } from 'vitest';
import { showControls, showFormatChars } from './visible.js';

describe('showControls', () => {
  it('shows bidi embeddings, overrides, isolates and marks as <U+XXXX>, so a name cannot render reversed', () => {
    expect(showControls('\u202Eexe.txt')).toBe('<U+202E>exe.txt');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ])
      expect(showControls(`a${c}b`)).toBe(`a<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>b`);
  });

  it('shows the other format characters that hide text: zero-width ones, the BOM, tag characters', () => {
    expect(showControls('ad\u200Bmin')).toBe('ad<U+200B>min');
    expect(showControls('\uFEFFx\u2060y\u00ADz')).toBe('<U+FEFF>x<U+2060>y<U+00AD>z');
    expect(showControls('flag\u{E0067}\u{E007F}')).toBe('flag<U+E0067><U+E007F>');
  });

  it('shows C1 controls the same way, and C0 controls as control pictures as before', () => {
    expect(showControls('csi\u009B31m nel\u0085')).toBe('csi<U+009B>31m nel<U+0085>');
    expect(showControls('esc\u001b[31m\u0000\u007f\tok\n')).toBe('esc\u241b[31m\u2400\u2421\tok\n');
  });

  it('leaves visible text alone, astral characters and combining marks included', () => {
    const text = 'ünïcödé ✓ 𝄞 日本語 العربية e\u0301';
    expect(showControls(text)).toBe(text);
  });

  it('in XML mode shows format characters only (the XML escaper strips controls itself)', () => {
    expect(showFormatChars('a\u202Eb\u0001')).toBe('a<U+202E>b\u0001');
  });
});
