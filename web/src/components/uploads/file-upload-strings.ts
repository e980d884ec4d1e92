// The words of Cloudscape's FileUpload, the same on every upload of the app (scan files, threat feeds, evidence).
import type { FileUploadProps } from '@cloudscape-design/components/file-upload';

export const fileUploadStrings: FileUploadProps.I18nStrings = {
  uploadButtonText: () => 'Choose file',
  dropzoneText: () => 'Drop the file here',
  removeFileAriaLabel: (_index, fileName) => `Remove ${fileName}`,
  limitShowFewer: 'Show fewer files',
  limitShowMore: 'Show more files',
  errorIconAriaLabel: 'Error',
  warningIconAriaLabel: 'Warning',
};
