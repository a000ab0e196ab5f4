import type { ProgressSink } from '../../policies/llm/index.js';

/** How often the CLI says it is still waiting for the model. */
const EVERY_MS = 5000;

export interface StderrProgress {
  sink: ProgressSink;
  stop(): void;
}

/**
 * "Waiting for the model" on stderr while requests are in flight: every few seconds, how many
 * are out, for which phase and node, and for how long the oldest has waited. Silent otherwise.
 */
export function stderrProgress(write: (line: string) => void = (line) => process.stderr.write(line)): StderrProgress {
  const inFlight: Array<{ label: string; since: number }> = [];
  const timer = setInterval(() => {
    const oldest = inFlight[0];
    if (!oldest) return;
    const seconds = Math.round((Date.now() - oldest.since) / 1000);
    write(`eog: waiting for the model — ${inFlight.length} request(s) in flight (${oldest.label}, ${seconds} s)\n`);
  }, EVERY_MS);
  timer.unref();
  return {
    sink: ({ phase, node, state }) => {
      const label = node ? `${phase} ${node}` : phase;
      if (state === 'sent') inFlight.push({ label, since: Date.now() });
      else {
        const i = inFlight.findIndex((r) => r.label === label);
        if (i !== -1) inFlight.splice(i, 1);
      }
    },
    stop: () => clearInterval(timer),
  };
}
