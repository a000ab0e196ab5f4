/**
 * BENCHMARKS.md is shared: the bench runner owns only the text between the markers, so the
 * hand-written parts (the accuracy section, notes) survive every `npm run bench --write`.
 */
export const BEGIN_MARKER = '<!-- bench:begin -->';
export const END_MARKER = '<!-- bench:end -->';

/** A region of BENCHMARKS.md that one benchmark owns. */
export interface Markers {
  begin: string;
  end: string;
}

/** The markers of a region a benchmark writes alone (`npm run bench:accuracy -- --write`: `accuracy`). */
export function regionMarkers(name: string): Markers {
  return { begin: `<!-- bench:${name}:begin -->`, end: `<!-- bench:${name}:end -->` };
}

const BENCH_MARKERS: Markers = { begin: BEGIN_MARKER, end: END_MARKER };

export class BenchMarkersError extends Error {
  override name = 'BenchMarkersError';
  constructor(problem: string, markers: Markers = BENCH_MARKERS) {
    const recreate = markers === BENCH_MARKERS ? ', or delete the file to have it recreated' : '';
    super(`BENCHMARKS.md: ${problem}; keep exactly one "${markers.begin}" line followed by one "${markers.end}" line${recreate}`);
  }
}

function count(text: string, marker: string): number {
  return text.split(marker).length - 1;
}

/**
 * Replaces the text between the markers (the bench section's unless others are given) with
 * `body`; everything outside them is kept byte for byte.
 */
export function replaceBenchSection(document: string, body: string, markers: Markers = BENCH_MARKERS): string {
  const begins = count(document, markers.begin);
  const ends = count(document, markers.end);
  if (begins !== 1 || ends !== 1) throw new BenchMarkersError(`found ${begins} begin and ${ends} end markers`, markers);
  const start = document.indexOf(markers.begin) + markers.begin.length;
  const end = document.indexOf(markers.end);
  if (end < start) throw new BenchMarkersError('the end marker comes before the begin marker', markers);
  const inner = body.trim();
  return `${document.slice(0, start)}\n${inner}\n${document.slice(end)}`;
}

/** The document written when BENCHMARKS.md does not exist yet. */
export function newBenchmarksDocument(body: string): string {
  return [
    '# Benchmarks',
    '',
    'Performance figures are written by `npm run bench` between the markers below; do not edit them by hand.',
    '',
    BEGIN_MARKER,
    body.trim(),
    END_MARKER,
    '',
    '## Accuracy',
    '',
    '_Maintained by hand (not rewritten by `npm run bench`)._',
    '',
  ].join('\n');
}

/**
 * Replaces one `### ` subsection of the bench section (its heading line through to the next
 * `### ` heading or the end marker) with `body`, for a benchmark run alone; a subsection not
 * there yet goes before the one whose heading starts with `before`, else at the end.
 */
export function replaceBenchSubsection(document: string, heading: string, body: string, before: string): string {
  replaceBenchSection(document, ''); // validates the markers
  const start = document.indexOf(BEGIN_MARKER) + BEGIN_MARKER.length;
  const end = document.indexOf(END_MARKER);
  const inner = document.slice(start, end);
  const headingAt = (prefix: string): number => {
    const at = inner.indexOf(`\n${prefix}`);
    return at < 0 ? -1 : at + 1;
  };
  const nextHeading = (from: number): number => {
    const at = inner.indexOf('\n### ', from);
    return at < 0 ? inner.length : at + 1;
  };
  const text = `${body.trim()}\n\n`;
  let next: string;
  const own = headingAt(heading);
  if (own >= 0) next = inner.slice(0, own) + text + inner.slice(nextHeading(own + 1)).replace(/^\n+/, '');
  else {
    const at = headingAt(before);
    next = at >= 0 ? inner.slice(0, at) + text + inner.slice(at) : `${inner.trimEnd()}\n\n${text}`;
  }
  return `${document.slice(0, start)}\n${next.trim()}\n${document.slice(end)}`;
}

/** The `### N.` prefix of each subsection heading in `text`, with the subsection's text. */
function subsections(text: string): { prefix: string; text: string }[] {
  const out: { prefix: string; text: string }[] = [];
  const starts = [...text.matchAll(/^### (\S+)/gm)];
  starts.forEach((m, i) => {
    const from = m.index ?? 0;
    const to = starts[i + 1]?.index ?? text.length;
    out.push({ prefix: `### ${m[1] ?? ''}`, text: text.slice(from, to).trim() });
  });
  return out;
}

/**
 * `npm run bench --write`: the figures it measures replace the bench section, and the
 * subsections other benchmarks write alone (ClickHouse, section 6) stay, after them: a full
 * run never erases what it does not measure.
 */
export function replaceBenchSectionKeeping(document: string, body: string): string {
  replaceBenchSection(document, ''); // validates the markers
  const inner = document.slice(document.indexOf(BEGIN_MARKER) + BEGIN_MARKER.length, document.indexOf(END_MARKER));
  const own = new Set(subsections(body).map((s) => s.prefix));
  const kept = subsections(inner).filter((s) => !own.has(s.prefix));
  return replaceBenchSection(document, [body.trim(), ...kept.map((s) => s.text)].join('\n\n'));
}
