export { TextAreaField, TextField } from './controls';
