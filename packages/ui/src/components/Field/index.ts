export { FieldLabel, FieldHelp, fieldStyles, type FieldChromeProps, type ErrorMessage } from './Field';
