export { Dialog, DialogTrigger, Modal, type DialogProps, type ModalProps } from './Dialog';
