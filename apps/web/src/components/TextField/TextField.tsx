import { useId, type InputHTMLAttributes } from 'react';
import { errorText } from '../styles.css';
import { field, input } from './TextField.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and tied to it, so screen readers read it with the field. */
  error?: string | undefined;
}

export function TextField({ label, error, ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error ? (
        <p id={errorId} className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
