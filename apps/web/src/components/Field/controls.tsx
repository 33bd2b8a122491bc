import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field } from './Field';
import { input } from './Field.css';

interface Labelled {
  label: string;
  error?: string | undefined;
}

export function TextField({
  label,
  error,
  ...props
}: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Field label={label} error={error}>
      {(control) => <input className={input} {...control} {...props} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  ...props
}: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field label={label} error={error}>
      {(control) => <textarea className={input} rows={4} {...control} {...props} />}
    </Field>
  );
}

export function SelectField({
  label,
  error,
  options,
  ...props
}: Labelled &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { options: { value: string; label: string }[] }) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select className={input} {...control} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
