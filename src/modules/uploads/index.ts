export { DOCUMENT_EXTS, IMAGE_EXTS } from './file-sniff';
export { UploadStore } from './upload-store';
export { UploadsModule } from './uploads.module';
