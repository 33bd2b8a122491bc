export { ModalDialog } from './ModalDialog';
