// The files an import takes (one scan file; for password cracking the NTDS file and its potfile), by the
// field the server names them ('files.0'), and what is wrong with a chosen file before anything is sent.
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { formatListText, maxImportFileBytes } from '../finding-values/finding-labels';
import { bytesText } from '../finding-values/finding-text';

/** One file the import takes, by the field the server names it ('files.0'). */
export interface FilePart {
  field: 'files.0' | 'files.1';
  label: string;
  description: string;
}

export function fileParts(service: ServiceName): FilePart[] {
  if (service === 'password_cracking') {
    return [
      {
        field: 'files.0',
        label: 'NTDS file',
        description: "The domain's accounts as secretsdump writes them: domain\\user:RID:LM hash:NT hash::: a line.",
      },
      {
        field: 'files.1',
        label: 'Potfile',
        description: 'The cracked hashes as hashcat or John the Ripper keep them: hash:password a line.',
      },
    ];
  }
  return [{ field: 'files.0', label: 'Scan file', description: `A ${formatListText(service)} file.` }];
}

/** What is wrong with a chosen file before anything is sent, if anything. */
export function fileProblem(file: Pick<File, 'size'> | undefined): string | undefined {
  if (!file) return 'Choose the file to import.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > maxImportFileBytes) {
    return `The file is larger than the ${bytesText(maxImportFileBytes)} an import takes.`;
  }
  return undefined;
}
