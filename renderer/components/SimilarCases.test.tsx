import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SimilarCases } from './SimilarCases.js';

const hostile = '<img src=x onerror=alert(1)>';
const noop = (): void => undefined;

describe('SimilarCases', () => {
  it('lists each past case with its score, what was found then and why, hostile text shown as text', () => {
    const html = renderToStaticMarkup(
      <SimilarCases
        isOpening={false}
        onOpen={noop}
        onLesson={noop}
        similar={[
          {
            case: hostile,
            score: 0.8123,
            frontier: ['shop/ConfigMap/<b>flags</b>', 'shop/Service/cart'],
            cause: 'change',
            why: ['change ConfigMap config', `alert ${hostile}`],
            hasSnapshot: true,
          },
          { case: 'gen-6svc-seed2', score: 0.25, frontier: [], cause: 'unknown', why: [] },
        ]}
      />,
    );
    expect(html).toContain('Similar past cases');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('score 0.81');
    expect(html).toContain('shop/ConfigMap/&lt;b&gt;flags&lt;/b&gt;</code>, a change cause (and 1 more)');
    expect(html).toContain('<li>change ConfigMap config</li>');
    expect(html).toContain('Found then: no root cause');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html.match(/Open replay/g)).toHaveLength(2);
    // A lesson only where the case says where its snapshot was.
    expect(html.match(/Start a lesson/g)).toHaveLength(1);
  });

  it('says so briefly when nothing is similar, and shows nothing without a library', () => {
    expect(renderToStaticMarkup(<SimilarCases isOpening={false} onOpen={noop} onLesson={noop} similar={[]} />)).toContain(
      'No past case in the library is similar enough.',
    );
    expect(renderToStaticMarkup(<SimilarCases isOpening={false} onOpen={noop} onLesson={noop} similar={undefined} />)).toBe('');
  });
});
