export { Modal } from './Modal';
