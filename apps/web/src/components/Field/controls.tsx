import { TextField as UiTextField, type TextFieldProps as UiTextFieldProps } from '@recell/ui/TextField';

interface Labelled {
  label: string;
  /** Shown under the field (and tied to it) when set. */
  error?: string | undefined;
}

type TextFieldProps = Labelled &
  Pick<
    UiTextFieldProps,
    | 'name'
    | 'type'
    | 'autoComplete'
    | 'inputMode'
    | 'defaultValue'
    | 'value'
    | 'isReadOnly'
    | 'placeholder'
    | 'description'
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
