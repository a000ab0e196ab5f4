import { labelColors } from '../graph/reducers.js';

export function Legend() {
  return (
    <ul className="legend" aria-label="Legend">
      {(Object.keys(labelColors) as (keyof typeof labelColors)[]).map((label) => (
        <li key={label}>
          <span className="swatch" style={{ background: labelColors[label] }} />
          {label === 'unvisited' ? 'Unvisited' : label}
        </li>
      ))}
      <li>▲ alert fired</li>
      <li>
        <span className="edge-swatch" />
        discovered “explains” edge
      </li>
    </ul>
  );
}
