export { Field, type ControlProps } from './Field';
export { SelectField, TextAreaField, TextField } from './controls';
