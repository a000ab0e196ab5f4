import { useId, type ReactNode } from 'react';

/** A labelled checkbox (the label wraps it, so the whole line toggles). */
export function CheckboxField({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} /> {children}
    </label>
  );
}

/** A labelled number input; the value is the input's number (NaN while it is not one). */
export function NumberField(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        min={props.min}
        max={props.max}
        {...(props.step === undefined ? {} : { step: props.step })}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.valueAsNumber)}
      />
    </>
  );
}

/** A labelled text (or url) input. */
export function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'url';
  describedBy?: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        {...(props.placeholder === undefined ? {} : { placeholder: props.placeholder })}
        {...(props.describedBy === undefined ? {} : { 'aria-describedby': props.describedBy })}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </>
  );
}
