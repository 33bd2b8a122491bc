import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import {
  Button,
  Group,
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, fieldStyles, type FieldChromeProps } from '../Field/Field';

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, 'children' | 'type'>, FieldChromeProps {
  placeholder?: string;
}

/** A password input with a show/hide toggle; the toggle says what it will do, and whether it is on. */
export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField
      {...props}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      className={[fieldStyles.field, className].filter(Boolean).join(' ')}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.control} isDisabled={props.isDisabled} isInvalid={props.isInvalid}>
        <Input placeholder={placeholder} className={fieldStyles.bareInput} />
        <Button
          className={fieldStyles.adornment}
          aria-label="Show password"
          aria-pressed={visible}
          isDisabled={props.isDisabled}
          onPress={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
