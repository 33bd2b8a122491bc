import { Check, ChevronDown } from 'lucide-react';
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, fieldStyles, type FieldChromeProps } from '../Field/Field';
import * as styles from './Select.css';

export interface SelectOption {
  id: Key;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps
  extends Omit<AriaSelectProps<SelectOption, 'single'>, 'children' | 'items'>, FieldChromeProps {
  options: SelectOption[];
}

/** A single choice from a short list (brand, condition, role). Opens with Enter, Space or the arrow keys. */
export function Select({ label, description, errorMessage, options, className, ...props }: SelectProps) {
  const disabledKeys = options.filter((option) => option.isDisabled).map((option) => option.id);
  return (
    <AriaSelect
      {...props}
      disabledKeys={disabledKeys}
      className={[fieldStyles.field, className].filter(Boolean).join(' ')}
    >
      <FieldLabel>{label}</FieldLabel>
      <Button className={`${fieldStyles.control} ${styles.trigger}`}>
        <SelectValue className={styles.value} />
        <ChevronDown aria-hidden size={18} />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={styles.popover} offset={4}>
        <ListBox items={options} className={styles.listBox}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className={styles.option}>
              {({ isSelected }) => (
                <>
                  <span>{option.label}</span>
                  {isSelected && <Check aria-hidden size={16} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
