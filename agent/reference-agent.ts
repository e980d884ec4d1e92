// The reference scanning agent: enrolls once with a token an analyst made, keeps its credential in a
// state file only it can read, then only calls out: a heartbeat every interval, a job pull, and for each job the
// scan's report uploaded through the findings import API (createScanJobImport → presigned POST → completeScanJob).
// While a scan runs it keeps beating, naming the job: the portal fails a job whose agent misses three heartbeats,
// and answers a cancelled job's status, on which the agent stops the scan and reports nothing.
// Operators run it as one bundled file the portal serves (agent/portal-agent.ts, built by agent/build-agent.ts;
// docs/scanning.md, "Running an agent"); the tests drive the same class against the local stack.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, platform, release, tmpdir } from 'node:os';
import path from 'node:path';

export const referenceAgentVersion = '1.0.0';

export interface AgentState {
  portal: string;
  agentId: string;
  slug: string;
  locationId: string;
  credential: string;
  heartbeatIntervalSeconds: number;
}

export interface ScanJob {
  jobId: string;
  capability: string;
  target: string;
  service: string;
}

/** Runs a job's scan and answers its report (e.g. ZAP's JSON report); stops when `signal` aborts. */
export type ScanRunner = (job: ScanJob, signal: AbortSignal) => Promise<{ fileName: string; body: Uint8Array }>;

/** What the portal answers of a job at a heartbeat that names it. */
export interface JobState {
  jobId: string;
  status: string;
  reason?: string;
}

export class AgentCallError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly errorStatus: string | undefined,
    message: string,
  ) {
    super(`${call}: ${status} ${errorStatus ?? ''} ${message}`.trim());
  }
}

async function callPortal<T>(portal: string, name: string, data: unknown): Promise<T> {
  const response = await fetch(new URL(`/api/calls/${name}`, portal), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json().catch(() => ({}))) as {
    result?: unknown;
    error?: { status?: string; message?: string };
  };
  if (!response.ok) {
    throw new AgentCallError(name, response.status, body.error?.status, body.error?.message ?? 'no message');
  }
  return body.result as T;
}

export interface EnrollOptions {
  portal: string;
  token: string;
  name?: string;
  capabilities?: string[];
}

/** Enrolls with a token; the credential is answered this once, so the caller must keep the state. */
export async function enrollAgent(options: EnrollOptions): Promise<AgentState> {
  const result = await callPortal<Omit<AgentState, 'portal'>>(options.portal, 'enrollAgent', {
    token: options.token,
    ...(options.name ? { name: options.name } : {}),
    hostname: hostname(),
    os: `${platform()} ${release()}`.slice(0, 80),
    agentVersion: referenceAgentVersion,
    capabilities: options.capabilities ?? ['zap'],
  });
  return { portal: options.portal, ...result };
}

export class ReferenceAgent {
  constructor(
    readonly state: AgentState,
    private readonly runScan: ScanRunner,
  ) {}

  heartbeat(jobId?: string): Promise<{ status: string; job?: JobState | null }> {
    return callPortal(this.state.portal, 'agentHeartbeat', {
      credential: this.state.credential,
      agentVersion: referenceAgentVersion,
      ...(jobId ? { jobId } : {}),
    });
  }

  /**
   * Pulls one job and runs it to the end; answers the job's id and import, or undefined when none was queued.
   * A job the portal ended meanwhile (cancelled) is stopped and answered with the reason, nothing reported.
   */
  async runNextJob(): Promise<{ jobId: string; importId?: string; stopped?: string } | undefined> {
    const { job } = await callPortal<{ job: ScanJob | null }>(this.state.portal, 'pullScanJob', {
      credential: this.state.credential,
    });
    if (!job) return undefined;
    const stop = new AbortController();
    let stopped: string | undefined;
    const beat = setInterval(() => {
      this.heartbeat(job.jobId)
        .then(({ job: state }) => {
          if (state?.status === 'running') return;
          stopped = state ? `${state.status}${state.reason ? `: ${state.reason}` : ''}` : 'not this agent’s job';
          stop.abort();
        })
        // A missed heartbeat is tried again at the next interval.
        .catch(() => undefined);
    }, this.state.heartbeatIntervalSeconds * 1000);
    try {
      const report = await this.runScan(job, stop.signal);
      if (stopped) return { jobId: job.jobId, stopped };
      const importId = await this.upload(job, report);
      await callPortal(this.state.portal, 'completeScanJob', {
        credential: this.state.credential,
        jobId: job.jobId,
        importId,
      });
      return { jobId: job.jobId, importId };
    } catch (error) {
      if (stopped) return { jobId: job.jobId, stopped };
      const reason = error instanceof Error ? error.message : String(error);
      await callPortal(this.state.portal, 'failScanJob', {
        credential: this.state.credential,
        jobId: job.jobId,
        reason: reason.slice(0, 1000) || 'the scan failed',
      });
      return { jobId: job.jobId };
    } finally {
      clearInterval(beat);
    }
  }

  private async upload(job: ScanJob, report: { fileName: string; body: Uint8Array }): Promise<string> {
    const { importId, uploads } = await callPortal<{
      importId: string;
      uploads: Array<{ url: string; fields: Record<string, string> }>;
    }>(this.state.portal, 'createScanJobImport', {
      credential: this.state.credential,
      jobId: job.jobId,
      file: { name: report.fileName, contentLength: report.body.byteLength },
    });
    const upload = uploads[0]!;
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(report.body)]), report.fileName);
    const answer = await fetch(new URL(upload.url, this.state.portal), { method: 'POST', body: form });
    if (answer.status >= 300) throw new Error(`The report's upload was refused (${answer.status})`);
    return importId;
  }

  /** Heartbeat and job pull every interval until the signal aborts. */
  async runLoop(signal: AbortSignal, log: (line: string) => void = console.log): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.heartbeat();
        let ran = await this.runNextJob();
        while (ran && !signal.aborted) {
          log(
            `job ${ran.jobId}: ${ran.importId ? `results in import ${ran.importId}` : ran.stopped ? `stopped (${ran.stopped})` : 'failed'}`,
          );
          ran = await this.runNextJob();
        }
      } catch (error) {
        // Never the credential: the error names the call and the portal's message only.
        log(`portal call failed: ${error instanceof Error ? error.message : String(error)}`);
        if (error instanceof AgentCallError && error.status === 401) throw error;
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, this.state.heartbeatIntervalSeconds * 1000);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve(undefined)), { once: true });
      });
    }
  }
}

/**
 * ZAP by a command line with {target} and {report} placeholders (default: the baseline scan in ZAP's container);
 * exit codes 0-3 are ZAP's "scan ran" answers (1 and 2 mean it found something).
 */
export function zapCommandRunner(commandLine: string): ScanRunner {
  return async (job, signal) => {
    if (job.capability !== 'zap') throw new Error(`This agent runs zap jobs only, not ${job.capability}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'zap-'));
    const report = path.join(dir, 'report.json');
    try {
      const [command, ...args] = commandLine
        .split(/\s+/)
        .filter(Boolean)
        .map((part) => part.replaceAll('{target}', job.target).replaceAll('{report}', report).replaceAll('{dir}', dir));
      const code = await new Promise<number>((resolve, reject) => {
        // Aborted (the job was cancelled): the scan is killed.
        const child = spawn(command!, args, { stdio: 'inherit', signal });
        child.on('error', reject);
        child.on('exit', (exitCode) => resolve(exitCode ?? 1));
      });
      if (code > 3) throw new Error(`ZAP ended with exit code ${code}`);
      return { fileName: 'zap-report.json', body: readFileSync(report) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** Answers a report that is already on disk (for trying the pipeline without ZAP). */
export const reportFileRunner =
  (file: string): ScanRunner =>
  async () => ({ fileName: path.basename(file), body: readFileSync(file) });
