export { FormAlert } from './FormAlert';
