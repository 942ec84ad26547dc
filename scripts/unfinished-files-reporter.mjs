// A Vitest reporter that names the test files still running when the run ended: a file whose
// worker process died (a crash in native code, an abort) is otherwise only "Worker exited
// unexpectedly", with no name, and its tests are left out of the counts. Printed last, so the
// tail of a CI log shows it.

/** @implements {import('vitest/node').Reporter} */
export default class UnfinishedFilesReporter {
  /** @type {Map<string, string>} the files started and not ended, by id: their project */
  running = new Map();

  /** @param {import('vitest/node').TestModule} testModule */
  onTestModuleStart(testModule) {
    this.running.set(testModule.moduleId, testModule.project.name);
  }

  /** @param {import('vitest/node').TestModule} testModule */
  onTestModuleEnd(testModule) {
    this.running.delete(testModule.moduleId);
  }

  onTestRunEnd() {
    if (this.running.size === 0) return;
    const files = [...this.running].map(([file, project]) => `  ${project}: ${file}`);
    process.stderr.write(
      `\nTest files that never finished (their worker ended first):\n${files.join('\n')}\n`,
    );
  }
}
