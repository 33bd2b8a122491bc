export { Field, type ControlProps } from './Field';
export { FileField, SelectField, TextAreaField, TextField } from './controls';
