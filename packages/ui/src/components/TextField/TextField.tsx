import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, fieldStyles, type FieldChromeProps } from '../Field/Field';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'>, FieldChromeProps {
  placeholder?: string;
  /** A textarea for longer text (a listing's details). */
  multiline?: boolean;
}

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline = false,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <FieldLabel>{label}</FieldLabel>
      {multiline ? (
        <TextArea placeholder={placeholder} className={`${fieldStyles.control} ${fieldStyles.multiline}`} />
      ) : (
        <Input placeholder={placeholder} className={fieldStyles.control} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
