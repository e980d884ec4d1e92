// Starts the files known to take minutes first, so the shorter ones fill the workers around them instead of
// leaving the long ones to run alone at the end. Vitest's own order (files that failed last time, then the
// longest of the last run, then the largest) follows; on a fresh clone it has no last run to go by.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const longFiles = [
  /tests\/fuzz\/bad-input-\d+\.test\.ts$/,
  /tests\/integration\/finding-exports\.test\.ts$/,
  /tests\/infra\/[^/]+\.test\.ts$/,
  /tests\/integration\/scan-import\.test\.ts$/,
];

const isLong = (file: TestSpecification) => longFiles.some((pattern) => pattern.test(file.moduleId));

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}
