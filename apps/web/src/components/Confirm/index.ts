export { Confirm } from './Confirm';
