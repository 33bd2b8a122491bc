import { Minus, Plus } from 'lucide-react';
import {
  Button,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { tabularNumbers } from '../../theme/styles.css';
import { FieldHelp, FieldLabel, fieldStyles, type FieldChromeProps } from '../Field/Field';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children'>, FieldChromeProps {
  placeholder?: string;
}

/** Prices, stock and years: typed, stepped with the arrow keys or the buttons, and formatted for the locale. */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.control}>
        <Input placeholder={placeholder} className={`${fieldStyles.bareInput} ${tabularNumbers}`} />
        <Button slot="decrement" className={fieldStyles.adornment}>
          <Minus aria-hidden size={16} />
        </Button>
        <Button slot="increment" className={fieldStyles.adornment}>
          <Plus aria-hidden size={16} />
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
