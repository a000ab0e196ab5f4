import { useId } from 'react';
import { useWorkbench } from '../store/context.js';

/** The causal-graph layer's settings (docs/causal-graph.md): on, enforced, and an extra knowledge file. */
export function CausalSettings() {
  const causal = useWorkbench((s) => s.causalGraph);
  const setCausal = useWorkbench((s) => s.setCausalGraph);
  const ids = { on: useId(), enforce: useId(), file: useId() };
  return (
    <>
      <label htmlFor={ids.on} className="checkbox">
        <input id={ids.on} type="checkbox" checked={causal.isOn} onChange={(e) => setCausal({ isOn: e.currentTarget.checked })} /> Causal
        graph (knowledge-checked)
      </label>
      {causal.isOn && (
        <>
          <label htmlFor={ids.enforce} className="checkbox">
            <input
              id={ids.enforce}
              type="checkbox"
              checked={causal.enforce}
              onChange={(e) => setCausal({ enforce: e.currentTarget.checked })}
            />{' '}
            Enforce the knowledge
          </label>
          <label htmlFor={ids.file}>Knowledge file (YAML, over the default)</label>
          <input
            id={ids.file}
            type="text"
            placeholder="/path/to/knowledge.yaml"
            value={causal.file}
            onChange={(e) => setCausal({ file: e.currentTarget.value })}
          />
        </>
      )}
    </>
  );
}
