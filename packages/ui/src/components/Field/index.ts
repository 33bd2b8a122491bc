export {
  FieldLabel,
  FieldHelp,
  requiredOr,
  fieldStyles,
  type FieldChromeProps,
  type ErrorMessage,
} from './Field';
