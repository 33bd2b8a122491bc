export { ToastRegion, type ToastRegionProps } from './Toast';
export { ToastQueue, toast, type ToastMessage, type ToastTone } from './toast-queue';
