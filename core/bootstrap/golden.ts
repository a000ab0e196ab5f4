/** The four golden signals plus saturation; `noise` marks alerts that say nothing about the incident. */
export type AlertSignal = 'errors' | 'latency' | 'traffic' | 'saturation' | 'other' | 'noise';

const patterns: Array<[Exclude<AlertSignal, 'other'>, RegExp]> = [
  // Pipeline heartbeats and inhibitors fire all the time by design.
  ['noise', /watchdog|inhibitor|deadmansswitch|dead.?man|heartbeat|always.?firing/i],
  ['errors', /error|5xx|fail|exception|unavailable|crash|success.?rate/i],
  ['latency', /latency|slow|duration|response.?time|p9[59]|timeout/i],
  ['traffic', /traffic|request.?rate|throughput|rps|qps|no.?(database.?)?operations|drop/i],
  ['saturation', /cpu|memory|oom|disk|saturat|throttl|queue|kafka.?lag|restart/i],
];

export function classifyAlert(name: string, summary = '', severity = ''): AlertSignal {
  if (/^(none|info)$/i.test(severity)) return 'noise';
  const text = `${name} ${summary}`;
  for (const [signal, re] of patterns) if (re.test(text)) return signal;
  return 'other';
}

export function isGoldenSignal(signal: AlertSignal): boolean {
  return signal === 'errors' || signal === 'latency' || signal === 'traffic' || signal === 'saturation';
}
