import { TextField, type TextFieldProps } from '@recell/ui/TextField';

interface Labelled {
  label: string;
  /** Shown under the field (and tied to it) when set. */
  error?: string | undefined;
}

type FormTextFieldProps = Labelled &
  Pick<
    TextFieldProps,
    | 'name'
    | 'type'
    | 'autoComplete'
    | 'inputMode'
    | 'defaultValue'
    | 'value'
    | 'isReadOnly'
    | 'placeholder'
    | 'description'
    | 'autoFocus'
  >;

/**
 * The design system's TextField as the app's forms use it: they validate on submit, and `error` says what is wrong
 * under the field.
 */
export function FormTextField({ label, error, ...props }: FormTextFieldProps & { multiline?: boolean }) {
  return (
    <TextField
      {...props}
      label={label}
      isInvalid={Boolean(error)}
      errorMessage={error}
      validationBehavior="aria"
    />
  );
}

export function FormTextArea(props: FormTextFieldProps) {
  return <FormTextField {...props} multiline />;
}
