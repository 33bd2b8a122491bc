export { FormTextArea, FormTextField } from './controls';
