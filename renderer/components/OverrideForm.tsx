import { useId, useState, type FormEvent } from 'react';
import { labels, type Label } from '../../core/model/index.js';
import { useWorkbench } from '../store/context.js';

function parseLabel(value: string): Label {
  return labels.find((l) => l === value) ?? 'Defer';
}

/**
 * The analyst sets a node's label with a note: recorded as AnalystOverride (provenance
 * `analyst`), broadcast to the neighbours, and Run continues the investigation from it.
 */
export function OverrideForm({ node, current }: { node: string; current: Label | null }) {
  const [label, setLabel] = useState<Label>(current === 'Origin' ? 'Symptom' : 'Origin');
  const [note, setNote] = useState('');
  const labelId = useId();
  const noteId = useId();
  const canOverride = useWorkbench(
    (s) =>
      !!s.info?.capabilities.overrides &&
      !!s.investigation &&
      s.investigation.seq >= 0 &&
      s.investigation.status !== 'running' &&
      s.pending === null,
  );
  const overrideLabel = useWorkbench((s) => s.overrideLabel);

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (await overrideLabel(node, label, note.trim())) setNote('');
  }

  return (
    <form className="override" aria-label="Override" onSubmit={(e) => void onSubmit(e)}>
      <h3>Override</h3>
      <div className="override-row">
        <label htmlFor={labelId}>Label</label>
        <select id={labelId} value={label} onChange={(e) => setLabel(parseLabel(e.currentTarget.value))}>
          {labels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        <button type="submit" disabled={!canOverride}>
          Override
        </button>
      </div>
      <label htmlFor={noteId} className="visually-hidden">
        Note
      </label>
      <input
        id={noteId}
        type="text"
        maxLength={2000}
        placeholder="why (recorded in the ledger)"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
    </form>
  );
}
