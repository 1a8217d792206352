export { DOCUMENT_EXTS, IMAGE_EXTS, sniff } from './file-sniff';
export { UploadStore } from './upload-store';
export { UploadsModule } from './uploads.module';
