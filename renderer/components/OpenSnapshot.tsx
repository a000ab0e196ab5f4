import { useId, useState, type FormEvent } from 'react';
import { useWorkbench } from '../store/context.js';

/** A path field: the web host has no native file dialog, and the path is resolved by the backend. */
export function OpenSnapshot() {
  const [path, setPath] = useState('');
  const id = useId();
  const isOpening = useWorkbench((s) => s.isOpening);
  const canOpen = useWorkbench((s) => !!s.info?.capabilities.openSnapshot);
  const openSnapshot = useWorkbench((s) => s.openSnapshot);

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    if (path.trim()) void openSnapshot(path.trim());
  }

  return (
    <form className="open-snapshot" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        Snapshot folder
      </label>
      <input id={id} type="text" placeholder="snapshot or scenario folder" value={path} onChange={(e) => setPath(e.currentTarget.value)} />
      <button type="submit" disabled={!canOpen || isOpening || !path.trim()}>
        {isOpening ? 'Opening…' : 'Open'}
      </button>
    </form>
  );
}
