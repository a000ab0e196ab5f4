import { useWorkbench } from '../store/context.js';
import { CheckboxField, TextField } from './fields.js';

/** The causal-graph layer's settings (docs/causal-graph.md): on, enforced, and an extra knowledge file. */
export function CausalSettings() {
  const causal = useWorkbench((s) => s.causalGraph);
  const setCausal = useWorkbench((s) => s.setCausalGraph);
  return (
    <>
      <CheckboxField checked={causal.isOn} onChange={(isOn) => setCausal({ isOn })}>
        Causal graph (knowledge-checked)
      </CheckboxField>
      {causal.isOn && (
        <>
          <CheckboxField checked={causal.enforce} onChange={(enforce) => setCausal({ enforce })}>
            Enforce the knowledge
          </CheckboxField>
          <TextField
            label="Knowledge file (YAML, over the default)"
            placeholder="/path/to/knowledge.yaml"
            value={causal.file}
            onChange={(file) => setCausal({ file })}
          />
        </>
      )}
    </>
  );
}
