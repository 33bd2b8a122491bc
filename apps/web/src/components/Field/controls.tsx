import { TextField as UiTextField, type TextFieldProps as UiTextFieldProps } from '@recell/ui/TextField';
import type { SelectHTMLAttributes } from 'react';
import { Field } from './Field';
import { input } from './Field.css';

interface Labelled {
  label: string;
  /** Shown under the field (and tied to it) when set. */
  error?: string | undefined;
}

type TextFieldProps = Labelled &
  Pick<
    UiTextFieldProps,
    'name' | 'type' | 'autoComplete' | 'inputMode' | 'defaultValue' | 'value' | 'isReadOnly' | 'placeholder'
  >;

/** The design system's text field; our forms validate on submit and say what is wrong under the field. */
export function TextField({ label, error, ...props }: TextFieldProps & { multiline?: boolean }) {
  return (
    <UiTextField
      {...props}
      label={label}
      isInvalid={Boolean(error)}
      errorMessage={error}
      validationBehavior="aria"
    />
  );
}

export function TextAreaField(props: TextFieldProps) {
  return <TextField {...props} multiline />;
}

/** A short native choice (brand, condition): works with FormData and every keyboard and screen reader. */
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
