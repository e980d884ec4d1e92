// Prints the slowest test files at the end of a run (CI keeps the table), so the next slow file is seen
// where it lands rather than found later by hand. Wall time per file: collecting, setting up and running.
// A file's failures are printed as soon as it ends, so a run cut short still says what failed and why.
import type { Reporter, TestModule } from 'vitest/node';

const shown = 15;

export default class FileTimesReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule): void {
    const failures = [...testModule.children.allTests('failed')].map((testCase) => ({
      name: testCase.fullName,
      errors: testCase.result().errors ?? [],
    }));
    const moduleErrors = testModule.errors();
    if (failures.length === 0 && moduleErrors.length === 0) return;
    const lines = [
      ...moduleErrors.map((error) => `  (file) ${error.message.split('\n')[0]}`),
      ...failures.map(({ name, errors }) => `  × ${name}: ${errors[0]?.message.split('\n')[0] ?? ''}`),
    ];
    process.stdout.write(`\nFailed in ${testModule.relativeModuleId}:\n${lines.join('\n')}\n`);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const times = testModules
      .map((testModule) => {
        const diagnostic = testModule.diagnostic();
        const seconds =
          (diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration + diagnostic.duration) /
          1000;
        return { file: testModule.relativeModuleId, seconds };
      })
      .sort((a, b) => b.seconds - a.seconds);
    const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
    const lines = times.slice(0, shown).map(({ file, seconds }) => `${seconds.toFixed(1).padStart(8)} s  ${file}`);
    process.stdout.write(
      `\nSlowest test files (of ${times.length}, ${total.toFixed(0)} s in all, summed over parallel workers):\n${lines.join('\n')}\n`,
    );
  }
}
