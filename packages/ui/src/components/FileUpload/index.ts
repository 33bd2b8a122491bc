export { FileUpload, type FileUploadProps } from './FileUpload';
export { checkFile, formatBytes, MAX_PICTURE_BYTES, PICTURE_TYPES, type FileRules } from './check-file';
