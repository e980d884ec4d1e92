// `npm run bench`: every budget of the product measured in one run, side by side, printed as a table and written
// to bench/results.json as {"metrics": {...}, "budgets": [{name, value, limit, unit, ok}]}. The budgets are in
// bench/budgets.json (KB = 1000 bytes). Exits non-zero when a size or request-count budget is broken (or a
// call could not be measured); timings, the call overhead ratios among them, are reported and never fail it.
//
// It starts a local stack of its own (free ports, a temporary data directory) and measures, in order:
//   1. the web: JS and CSS (gzip -9) of the sign-in page and the time to its form against a blank page (median of
//      10); JS and CSS of the first signed-in page (measure-web.ts, in a child process: it starts its own stack);
//   2. each Lambda bundle's minified size and cold import against `node -e 0` (median of 11; measure-lambdas.ts),
//      Powertools loaded from a stand-in for its Lambda layer; the layer's Powertools code itself, informational;
//   3. call overhead of getSession and listCompanies for admin@example.com (signed in through the outbox link
//      with Amplify), against the floor of the raw DynamoDB requests each makes, replayed with the plain AWS SDK
//      client in the call's own order and parallelism (bench-calls.ts): the handler path (the Lambda handler in
//      this process, event in, result out) and HTTP (the local API, the client in a process of its own);
//   4. the DynamoDB requests (and Scans) of every call of the registry, counted by instrumenting the client;
//   5. the sign-in round trip: sendSignInLink to the mail in the outbox, and the link to Home in Chromium;
//   6. load: autocannon, 50 connections for 20 s on getSession;
//   7. scale: 10,000 users and 1,000 companies written with BatchWrite, then pages of listUsers, listCompanies
//      (with and without a filter text) and listCompanyUsers of a company with 1,000 members, requests counted per page;
//   8. imports (bench-imports.ts): a generated nuclei JSONL of 30,000 findings and an Nmap XML of 5,000 hosts, each
//      imported from start to 'done' against a floor (the items it wrote, written again with plain BatchWriteItem
//      requests), then imported again (no finding may be written); the peak memory of the import of the largest
//      file an import takes, in a process of its own running the import function's bundle, with Node's default
//      heap flags and with those Lambda's runtime gives the import function (both enforced);
//   9. the findings list at 100,000 findings of one company and service (bench-findings-list.ts): pages of
//      listFindings, requests counted, each timed against the same page at 100 findings (whose severities have
//      even shares, so that filtered pages hold as many rows at both sizes).
//  10. template search: 10,000 templates, the index build (time, heap) and p50/p95 of searches at the endpoint
//      (bench-template-search.ts; reported, not enforced).
//  11. curation (bench-curation.ts): the requests of a field save and of a tag change, and bulk updates of 1,000
//      findings (time reported; finding writes enforced at most 1,000).
//  12. vault (bench-vault.ts): the JavaScript of a share link's page (enforced), the reveal round trip (landing
//      loaded to plaintext shown, median of 10) and the reveal of the largest file a link carries (reported).
//  13. customer reports (bench-reports.ts): the JavaScript a customer's browser fetches going from Home to
//      /reports/dast and to /reports (enforced); the DAST reports of the findings list's companies (9.) counted as
//      an import counts them, then getServiceReport and getReportsOverview at 100,000 and at 100 findings, requests
//      counted (enforced) and medians compared (reported); navigation to the first chart drawn in Chromium, median
//      of 10, and a PDF of 1,000 findings through startFindingExport / getFindingExport (reported).
//  14. webhooks (bench-webhooks.ts): from a finding edit's event write to the first delivery attempt, p95 of 50
//      (reported, as every timing); 1,000 events fanned out to 10 endpoints,
//      every delivery received once and verified with `standardwebhooks` (a loss, a duplicate or a bad signature
//      fails the bench), with the worker's throughput in deliveries per second (reported).
//
// `tsx scripts/bench.ts [part…]` measures only the parts named (every part by default): web, lambdas, overhead,
// calls, sign-in, load, scale, imports, findings-list, template-search, curation, vault, reports, webhooks. findings-list
// runs on the data imports writes, reports on the findings list's: naming one runs what it stands on too.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../infra/local/stack.js';
import { freePort } from '../tests/support/free-port.js';
import { round } from './bench-stats.js';
import { measureLambdas } from './measure-lambdas.js';
import { measureSignInPage } from './measure-web.js';
import type { FeedImportBench } from './bench-feeds.js';
import type { CallOverhead } from './bench-calls.js';
import type { CurationMeasures } from './bench-curation.js';
import type { FindingsPage } from './bench-findings-list.js';
import type { ImportBenchmarks, ImportMemory, ImportThroughput } from './bench-imports.js';
import type { ReportMeasures } from './bench-reports.js';
import type { VaultMeasures } from './bench-vault.js';
import type { WebhookMeasures } from './bench-webhooks.js';

const root = path.resolve(import.meta.dirname, '..');
const KB = 1000;

interface Budgets {
  signInPageJsCssGzipKB: number;
  firstSignedInPageJsGzipKB: number;
  vaultPageJsGzipKB: number;
  reportPageJsGzipKB: number;
  lambdaBundleMinifiedKB: number;
  dynamoDbRequestsPerCall: number;
  scansPerCall: number;
  handlerPathRatio: number;
  httpRatio: number;
  importFloorRatio: number;
  reimportFloorRatio: number;
  reimportFindingWrites: number;
  importPeakRssMiB: number;
  importPeakRssLambdaFlagsMiB: number;
  findingsPageRatio: number;
  reportDashboardRatio: number;
  templateSearchP95Ms: number;
  fieldSaveRequests: number;
  bulkFindingWrites: number;
  feedImportPeakRssMiB: number;
  feedImportMinutes: number;
  webhookFirstAttemptP95Ms: number;
  webhookFanoutLostDeliveries: number;
}
const limits = JSON.parse(readFileSync(path.join(root, 'bench/budgets.json'), 'utf8')) as Budgets;

interface BudgetResult {
  name: string;
  value: number;
  limit: number;
  unit: string;
  ok: boolean;
}
/** Budgets that fail the bench (sizes, request counts); the others are reported only. */
const enforced = new Set<string>();
const budgets: BudgetResult[] = [];
function budget(name: string, value: number, limit: number, unit: string, fails: boolean): void {
  budgets.push({ name, value, limit, unit, ok: value <= limit });
  if (fails) enforced.add(name);
}
const problems: string[] = [];

/** The parts of the bench, in the order they run; each with the parts whose data it measures on. */
const benchParts = {
  web: [],
  lambdas: [],
  overhead: [],
  calls: [],
  'sign-in': [],
  load: [],
  scale: [],
  imports: [],
  'findings-list': ['imports'],
  'template-search': [],
  curation: [],
  feeds: [],
  vault: [],
  reports: ['findings-list'],
  webhooks: [],
} satisfies Record<string, string[]>;
type BenchPart = keyof typeof benchParts;
const isPart = (name: string): name is BenchPart => Object.hasOwn(benchParts, name);
const named = process.argv.slice(2);
const unknownParts = named.filter((name) => !isPart(name));
if (unknownParts.length > 0) {
  console.error(
    `Unknown bench part: ${unknownParts.join(', ')}. Parts: ${Object.keys(benchParts).join(', ')} (none: all).`,
  );
  process.exit(2);
}
const selected = new Set<BenchPart>();
const select = (part: BenchPart): void => {
  selected.add(part);
  for (const needed of benchParts[part] as BenchPart[]) select(needed);
};
for (const part of named.length > 0 ? (named as BenchPart[]) : (Object.keys(benchParts) as BenchPart[])) select(part);
const wanted = (part: BenchPart) => selected.has(part);
const needsStack = [...selected].some((part) => part !== 'web' && part !== 'lambdas');

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** measureFirstSignedInPage() starts a stack of its own, so it runs in a process of its own. */
interface FirstSignedInPage {
  email: string;
  viaSignInLink: { jsGzipBytes: number; cssGzipBytes: number; jsRawBytes: number; pageChunks: string[] };
  returningVisit: { jsGzipBytes: number; cssGzipBytes: number; jsRawBytes: number; pageChunks: string[] };
}

function firstSignedInPage(): Promise<FirstSignedInPage> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-first-page.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = stdout.split('\n').find((text) => text.startsWith('BENCH_FIRST_PAGE '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('BENCH_FIRST_PAGE '.length)) as FirstSignedInPage);
      else reject(new Error(`The first signed-in page could not be measured (exit ${code}): ${stderr.slice(-1500)}`));
    });
  });
}

const benchStarted = performance.now();
// Timings move with the machine's load (it is shared): the 1, 5 and 15 minute load averages are kept beside them.
const loadAverageAtStart = loadavg().map((value) => round(value, 2));
const metrics: Record<string, unknown> = {};

// 1. The web.
if (wanted('web')) {
  log('web: the sign-in page (10 runs against a blank page)…');
  const signIn = await measureSignInPage({ runs: 10 });
  log('web: the first signed-in page (its own local stack, in a child process)…');
  const firstPage = await firstSignedInPage();
  metrics.web = {
    signInPage: {
      jsGzipBytes: signIn.jsGzipBytes,
      cssGzipBytes: signIn.cssGzipBytes,
      jsRawBytes: signIn.jsRawBytes,
      cssRawBytes: signIn.cssRawBytes,
      formVisibleMedianMs: round(signIn.formVisibleMsMedian, 1),
      blankPageMedianMs: round(signIn.blankPageMsMedian, 1),
      runs: 10,
    },
    firstSignedInPage: firstPage,
  };
  budget(
    'web.signInPage.jsCssGzip',
    round((signIn.jsGzipBytes + signIn.cssGzipBytes) / KB, 1),
    limits.signInPageJsCssGzipKB,
    'KB',
    true,
  );
  budget(
    'web.firstSignedInPage.jsGzip',
    round(firstPage.viaSignInLink.jsGzipBytes / KB, 1),
    limits.firstSignedInPageJsGzipKB,
    'KB',
    true,
  );
  budget(
    'web.firstSignedInPage.returningVisit.jsGzip',
    round(firstPage.returningVisit.jsGzipBytes / KB, 1),
    limits.firstSignedInPageJsGzipKB,
    'KB',
    true,
  );
}

// 2. The Lambdas.
let lambdaMeasures: Awaited<ReturnType<typeof measureLambdas>> | undefined;
if (wanted('lambdas')) {
  log('lambdas: bundling each and timing its cold import (median of 11)…');
  lambdaMeasures = await measureLambdas();
  const layer = lambdaMeasures.powertoolsLayer;
  metrics.lambdas = {
    nodeBaselineMedianMs: round(lambdaMeasures.baselineMs, 1),
    // Not in the bundles, so under no budget: what the functions load from the Powertools layer (informational).
    powertoolsLayer: {
      version: layer.version,
      minifiedBytes: layer.minifiedBytes,
      coldImportMedianMs: round(layer.coldImportMsMedian, 1),
    },
    bundles: Object.fromEntries(
      lambdaMeasures.lambdas.map((lambda) => [
        lambda.name,
        { minifiedBytes: lambda.minifiedBytes, coldImportMedianMs: round(lambda.coldImportMsMedian, 1) },
      ]),
    ),
  };
  for (const lambda of lambdaMeasures.lambdas)
    budget(
      `lambda.${lambda.name}.minified`,
      round(lambda.minifiedBytes / KB, 1),
      limits.lambdaBundleMinifiedKB,
      'KB',
      true,
    );
}

// 3.–13. Against a local stack of the bench's own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
let stack: LocalStack | undefined;
try {
  if (needsStack) {
    log('starting a local stack (free ports, temporary data)…');
    stack = await startLocalStack({
      port: await freePort(),
      mailPort: await freePort(),
      dynamoDbPort: await freePort(),
      s3Port: await freePort(),
      sqsPort: await freePort(),
      dataDir,
      webRoot: path.join(root, 'web/dist'),
      settings: { SIGN_IN_IP_LIMIT: '1000000' },
    });
    const endpoints = {
      appUrl: stack.appUrl,
      mailUrl: stack.mailUrl,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
    };
    // Loaded only now: the handlers' clients read the endpoints the stack has just set.
    const { idTokenFor } = await import('../tests/support/id-token.js');
    const { createTestUser } = await import('../tests/support/users.js');
    const { claimsOfToken, countRequestsPerCall, measureCallOverhead } = await import('./bench-calls.js');
    const { measureLinkToHome, measureSendToOutbox } = await import('./bench-sign-in.js');
    const { loadCall } = await import('./bench-load.js');
    const { measureListPages, seedScale } = await import('./bench-scale.js');
    const { importsThroughCalls } = await import('./bench-import-drivers.js');
    const { benchCompanies, measureImports, plainClient } = await import('./bench-imports.js');
    const { measureFindingsPages, seedFindings } = await import('./bench-findings-list.js');

    log('signing admin@example.com in through the outbox link (Amplify)…');
    const token = await idTokenFor(endpoints, 'admin@example.com');

    // 3. Call overhead.
    if (wanted('overhead')) {
      log('call overhead: getSession and listCompanies, handler path, raw DynamoDB floor and HTTP (200 each)…');
      const overhead = [
        await measureCallOverhead({ ...stack, token, call: 'getSession', input: {} }),
        await measureCallOverhead({ ...stack, token, call: 'listCompanies', input: { limit: 50 } }),
      ];
      metrics.callOverhead = Object.fromEntries(overhead.map((entry) => [entry.call, entry]));
      for (const entry of overhead) {
        budget(`handlerPathRatio.${entry.call}`, entry.handlerPathRatio, limits.handlerPathRatio, 'ratio', false);
        budget(`httpRatio.${entry.call}`, entry.httpRatio, limits.httpRatio, 'ratio', false);
      }
    }

    // 4. DynamoDB requests of every call.
    if (wanted('calls')) {
      log('DynamoDB requests of every call of the registry…');
      const administrator = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Bench Admin' });
      const { counted, missing } = await countRequestsPerCall(stack.appUrl, administrator);
      for (const name of missing)
        problems.push(`no bench input for the call ${name} (add it to tests/support/call-inputs.ts)`);
      // A refused input measures the refusal, not the call: the bench fails, naming the call and its answer.
      for (const entry of counted.filter((entry) => entry.refusal !== undefined)) {
        const problem = `${entry.call} refused its bench input (tests/support/call-inputs.ts): ${entry.status} ${entry.refusal}`;
        log(problem);
        problems.push(problem);
      }
      const scans = counted.reduce((total, entry) => total + entry.scans, 0);
      metrics.dynamoDbRequestsPerCall = Object.fromEntries(
        counted.map((entry) => [
          entry.call,
          { requests: entry.requests, scans: entry.scans, commands: entry.commands, status: entry.status },
        ]),
      );
      metrics.dynamoDbScans = scans;
      for (const entry of counted)
        budget(`dynamoDbRequests.${entry.call}`, entry.requests, limits.dynamoDbRequestsPerCall, 'requests', true);
      budget('dynamoDbScans.allCalls', scans, limits.scansPerCall, 'scans', true);
    }

    // 5. Sign-in round trip.
    if (wanted('sign-in')) {
      log('sign-in: sendSignInLink to the outbox (20 runs)…');
      const sendToOutbox = await measureSendToOutbox(endpoints, 20);
      log('sign-in: the link to Home in Chromium (10 runs)…');
      const linkToHome = await measureLinkToHome(endpoints, 10);
      metrics.signInRoundTrip = { sendSignInLinkToOutbox: sendToOutbox, linkToHome };
    }

    // 6. Load.
    if (wanted('load')) {
      log('load: autocannon, 50 connections for 20 s on getSession…');
      const load = await loadCall({
        appUrl: stack.appUrl,
        call: 'getSession',
        data: {},
        token,
        connections: 50,
        durationSeconds: 20,
      });
      metrics.load = { getSession: load };
    }

    // 7. Scale.
    if (wanted('scale')) {
      const scale = { users: 10_000, companies: 1_000, bigCompanyMembers: 1_000 };
      log(`scale: writing ${scale.users} users and ${scale.companies} companies with BatchWrite…`);
      const seedStarted = performance.now();
      const items = await seedScale(scale);
      const seedMs = performance.now() - seedStarted;
      log('scale: paging through the administration lists…');
      const pages = await measureListPages(claimsOfToken(token), stack.appUrl);
      for (const page of pages.filter((entry) => entry.status !== 200))
        problems.push(`${page.call} ${JSON.stringify(page.input)} page ${page.page} answered ${page.status}`);
      metrics.scale = { ...scale, itemsWritten: items, seedSeconds: round(seedMs / 1000, 1), pages };
      for (const call of [...new Set(pages.map((page) => page.call))]) {
        const ofCall = pages.filter((page) => page.call === call);
        budget(
          `scale.${call}.maxRequestsPerPage`,
          Math.max(...ofCall.map((page) => page.requests)),
          limits.dynamoDbRequestsPerCall,
          'requests',
          true,
        );
        budget(
          `scale.${call}.scans`,
          ofCall.reduce((total, page) => total + page.scans, 0),
          limits.scansPerCall,
          'scans',
          true,
        );
      }
    }

    // 8. Imports.
    const table = { dynamoDbEndpoint: stack.dynamoDbEndpoint, region: stack.region, tableName: stack.tableName };
    let imports: ImportBenchmarks | undefined;
    if (wanted('imports')) {
      const filesDir = path.join(dataDir, 'scan-files');
      mkdirSync(filesDir, { recursive: true });
      imports = await measureImports({
        driver: importsThroughCalls({ appUrl: stack.appUrl, claims: claimsOfToken(token) }),
        table,
        environment: stack.environment,
        filesDir,
        log,
      });
      metrics.imports = { nuclei: imports.nuclei, nmap: imports.nmap, largestFile: imports.memory };
      for (const entry of [imports.nuclei, imports.nmap]) {
        budget(
          `imports.${entry.name}.importFloorRatio`,
          entry.importFloorRatio,
          limits.importFloorRatio,
          'ratio',
          false,
        );
        budget(
          `imports.${entry.name}.reimportFloorRatio`,
          entry.reimportFloorRatio,
          limits.reimportFloorRatio,
          'ratio',
          false,
        );
        budget(
          `imports.${entry.name}.reimportFindingWrites`,
          entry.reimport.writes.findingWriteRequests,
          limits.reimportFindingWrites,
          'requests',
          true,
        );
      }
      if (imports.memory.status !== 'done')
        problems.push(
          `the import of the largest file ended ${imports.memory.status}: ${imports.memory.error ?? 'no message'}`,
        );
      budget('imports.largestFile.peakRss', imports.memory.peakRssMiB, limits.importPeakRssMiB, 'MiB', true);
      if (imports.memory.lambdaFlags.status !== 'done')
        problems.push(
          `the import of the largest file with Lambda's heap flags ended ${imports.memory.lambdaFlags.status}: ${imports.memory.lambdaFlags.error ?? 'no message'}`,
        );
      // Enforced too: the flags the function runs with on AWS, where the young generation's size, which the
      // runtime sets from the function's memory, decides the peak (docs/scans-and-findings.md, "Peak memory").
      budget(
        'imports.largestFile.peakRssLambdaFlags',
        imports.memory.lambdaFlags.peakRssMiB,
        limits.importPeakRssLambdaFlagsMiB,
        'MiB',
        true,
      );
    }

    // 9. The findings list at 100,000 findings: the nuclei floor wrote copies of the import's findings into the
    // floor company's dast partition; BatchWrite tops it up to 100,000, and writes 100 into another company.
    if (wanted('findings-list') && imports) {
      const findingsTotal = 100_000;
      const alreadyWritten = imports.nuclei.firstImport.writes.findingItemWrites;
      log(`findings list: writing ${findingsTotal - alreadyWritten} more findings with BatchWrite, and 100 elsewhere…`);
      const client = plainClient(table);
      let seedSeconds: number;
      try {
        seedSeconds = await seedFindings(client, table.tableName, imports.nucleiFindingItems, {
          slug: benchCompanies.floor,
          service: 'dast',
          count: findingsTotal - alreadyWritten,
        });
        await seedFindings(client, table.tableName, imports.nucleiFindingItems, {
          slug: 'bench-small',
          service: 'dast',
          count: 100,
          evenSeverities: true,
        });
      } finally {
        client.destroy();
      }
      log('findings list: pages at 100,000 and at 100 findings, through the handler…');
      const findingsPages = await measureFindingsPages({
        claims: claimsOfToken(token),
        origin: stack.appUrl,
        service: 'dast',
        largeSlug: benchCompanies.floor,
        smallSlug: 'bench-small',
      });
      metrics.findingsList = {
        findings: findingsTotal,
        smallList: 100,
        seeded: findingsTotal - alreadyWritten,
        seedSeconds: round(seedSeconds, 1),
        pages: findingsPages,
      };
      findingsPages.forEach((page, index) => {
        budget(
          `findingsList.page${index + 1}.requests`,
          page.requests,
          limits.dynamoDbRequestsPerCall,
          'requests',
          true,
        );
        budget(`findingsList.page${index + 1}.scans`, page.scans, limits.scansPerCall, 'scans', true);
        budget(`findingsList.page${index + 1}.ratio`, page.ratio, limits.findingsPageRatio, 'ratio', false);
      });
    }

    // 10. Template search.
    if (wanted('template-search')) {
      const { measureTemplateSearch, seedTemplates } = await import('./bench-template-search.js');
      log('template search: writing 10,000 templates, then searching the endpoint…');
      const templatesWritten = await seedTemplates(10_000);
      const templateSearch = await measureTemplateSearch(stack.appUrl, 1000);
      metrics.templateSearch = { templatesWritten, ...templateSearch };
      budget('templateSearch.p95', templateSearch.p95Ms, limits.templateSearchP95Ms, 'ms', false);
    }

    // 11. Curating findings.
    if (wanted('curation')) {
      const { measureCuration } = await import('./bench-curation.js');
      log('curation: a field save, a tag change, bulk updates of 1,000 findings…');
      const curation = await measureCuration();
      metrics.curation = curation;
      budget('curation.fieldSave.requests', curation.fieldSave.requests, limits.fieldSaveRequests, 'requests', true);
      budget('curation.tagChange.requests', curation.tagChange.requests, limits.fieldSaveRequests, 'requests', true);
      budget('curation.tagChange.transactions', curation.tagChange.transactions, 1, 'transactions', true);
      for (const entry of curation.bulk) {
        budget(
          `curation.bulk.${entry.action}.findingWrites`,
          entry.writes.findings,
          limits.bulkFindingWrites,
          'writes',
          true,
        );
      }
    }

    // 11b. An EPSS feed through the threat-feed import. A full feed is about 300,000 rows: at DynamoDB Local's ~550
    // items/s that is some 10 minutes of writes alone, so the whole bench imports 30,000 rows (BENCH_EPSS_ROWS for
    // more). The import holds 1,000 rows at a time whatever the size, so its memory is the full feed's; the minutes
    // are reported extrapolated to 300,000 rows (linear: one BatchWriteItem per 25 rows).
    if (wanted('feeds')) {
      const { measureEpssImportAlone } = await import('./bench-feeds.js');
      const rows = Number(process.env.BENCH_EPSS_ROWS ?? 30_000);
      log(`feeds: a generated EPSS feed of ${rows.toLocaleString('en')} rows, checked and stored…`);
      const feeds = await measureEpssImportAlone(rows, stack.environment);
      metrics.feeds = feeds;
      budget('feeds.epss.importRss', feeds.importRssMiB, limits.feedImportPeakRssMiB, 'MiB', true);
      budget(
        'feeds.epss.minutesAt300k',
        (feeds.seconds / 60) * (300_000 / rows),
        limits.feedImportMinutes,
        'minutes',
        false,
      );
    }

    // 12. The vault's page and reveal.
    if (wanted('vault')) {
      const { measureVault } = await import('./bench-vault.js');
      log('vault: the share page, 10 reveals, the largest file…');
      const vault = await measureVault(stack.appUrl);
      metrics.vault = vault;
      budget('vault.pageJsGzip', round(vault.page.jsGzipBytes / KB, 1), limits.vaultPageJsGzipKB, 'KB', true);
    }

    // 13. Customer reports, on the findings list's companies of 9.
    if (wanted('reports')) {
      const { measureReports } = await import('./bench-reports.js');
      const reports = await measureReports({
        stack: endpoints,
        claims: claimsOfToken(token),
        largeSlug: benchCompanies.floor,
        smallSlug: 'bench-small',
        log,
      });
      metrics.reports = reports;
      for (const [destination, files] of Object.entries(reports.pages))
        budget(
          `reports.${destination}PageJsGzip`,
          round(files.jsGzipBytes / KB, 1),
          limits.reportPageJsGzipKB,
          'KB',
          true,
        );
      for (const entry of reports.dashboard) {
        budget(`reports.${entry.call}.requests`, entry.requests, limits.dynamoDbRequestsPerCall, 'requests', true);
        budget(`reports.${entry.call}.scans`, entry.scans, limits.scansPerCall, 'scans', true);
        budget(`reports.${entry.call}.ratio`, entry.ratio, limits.reportDashboardRatio, 'ratio', false);
      }
    }

    // 14. Webhooks.
    if (wanted('webhooks')) {
      const { measureWebhooks } = await import('./bench-webhooks.js');
      const webhooks = await measureWebhooks(log);
      metrics.webhooks = webhooks;
      const { firstAttempt, fanout } = webhooks;
      if (firstAttempt.missing > 0)
        problems.push(
          `${firstAttempt.missing} of ${firstAttempt.samples} edits' deliveries did not arrive within 10 s`,
        );
      // A product budget (docs/integrations.md): enforced, unlike the other timings.
      budget('webhooks.firstAttempt.p95', firstAttempt.p95Ms, limits.webhookFirstAttemptP95Ms, 'ms', false);
      budget(
        'webhooks.fanout.lostDeliveries',
        fanout.expected - fanout.delivered,
        limits.webhookFanoutLostDeliveries,
        'deliveries',
        true,
      );
      budget('webhooks.fanout.duplicates', fanout.duplicates, 0, 'deliveries', true);
      budget('webhooks.fanout.invalidSignatures', fanout.invalidSignatures, 0, 'deliveries', true);
    }
  }
} finally {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
metrics.benchSeconds = round((performance.now() - benchStarted) / 1000, 1);
metrics.loadAverage = { start: loadAverageAtStart, end: loadavg().map((value) => round(value, 2)) };

// The report.
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify({ metrics, budgets }, null, 2)}\n`);

const rows: [string, string, string, string][] = [];
const row = (what: string, value: string, limit = '', status = '') => rows.push([what, value, limit, status]);
const statusOf = (name: string) => {
  const entry = budgets.find((candidate) => candidate.name === name)!;
  return entry.ok ? 'ok' : enforced.has(name) ? 'BROKEN' : 'over (reported)';
};
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const web = metrics.web as
  | {
      signInPage: {
        jsGzipBytes: number;
        cssGzipBytes: number;
        formVisibleMedianMs: number;
        blankPageMedianMs: number;
      };
      firstSignedInPage: FirstSignedInPage;
    }
  | undefined;
if (web) {
  const firstPage = web.firstSignedInPage;
  row(
    'sign-in page JS + CSS, gzipped',
    `${kb(web.signInPage.jsGzipBytes + web.signInPage.cssGzipBytes)} (JS ${kb(web.signInPage.jsGzipBytes)}, CSS ${kb(web.signInPage.cssGzipBytes)})`,
    `${limits.signInPageJsCssGzipKB} KB`,
    statusOf('web.signInPage.jsCssGzip'),
  );
  row(
    'sign-in form visible, median of 10',
    `${web.signInPage.formVisibleMedianMs.toFixed(0)} ms (blank page ${web.signInPage.blankPageMedianMs.toFixed(0)} ms)`,
  );
  row(
    'first signed-in page JS, gzipped',
    kb(firstPage.viaSignInLink.jsGzipBytes),
    `${limits.firstSignedInPageJsGzipKB} KB`,
    statusOf('web.firstSignedInPage.jsGzip'),
  );
  row('first signed-in page CSS, gzipped', kb(firstPage.viaSignInLink.cssGzipBytes));
  row(
    'returning visit JS, gzipped',
    kb(firstPage.returningVisit.jsGzipBytes),
    `${limits.firstSignedInPageJsGzipKB} KB`,
    statusOf('web.firstSignedInPage.returningVisit.jsGzip'),
  );
}
if (lambdaMeasures) {
  row(
    `Powertools ${lambdaMeasures.powertoolsLayer.version} from its Lambda layer, minified; cold import`,
    `${kb(lambdaMeasures.powertoolsLayer.minifiedBytes)}; ${lambdaMeasures.powertoolsLayer.coldImportMsMedian.toFixed(0)} ms`,
    'informational: not in the bundles',
  );
  for (const lambda of lambdaMeasures.lambdas) {
    row(
      `Lambda ${lambda.name}, minified; cold import`,
      `${kb(lambda.minifiedBytes)}; ${lambda.coldImportMsMedian.toFixed(0)} ms (node -e 0: ${lambdaMeasures.baselineMs.toFixed(0)} ms)`,
      `${limits.lambdaBundleMinifiedKB} KB`,
      statusOf(`lambda.${lambda.name}.minified`),
    );
  }
}
if (metrics.templateSearch) {
  const search = metrics.templateSearch as {
    templates: number;
    indexBuildMs: number;
    indexHeapMB: number;
    p50Ms: number;
    p95Ms: number;
  };
  row(
    `template search at ${search.templates} templates: index build; heap`,
    `${search.indexBuildMs} ms; ${search.indexHeapMB} MB`,
  );
  row(
    'template search at the endpoint: p50, p95',
    `${search.p50Ms} ms, ${search.p95Ms} ms`,
    `${limits.templateSearchP95Ms} ms (reported)`,
    statusOf('templateSearch.p95'),
  );
}
if (metrics.vault) {
  const vault = metrics.vault as VaultMeasures;
  row(
    'vault share page: JS gzip (until Reveal shows)',
    `${(vault.page.jsGzipBytes / KB).toFixed(1)} KB`,
    `${limits.vaultPageJsGzipKB} KB`,
    statusOf('vault.pageJsGzip'),
  );
  row(
    `vault reveal round trip (landing loaded to plaintext shown): median of ${vault.reveal.runs}`,
    `${vault.reveal.medianMs} ms`,
  );
  row(
    `vault reveal of the largest file a link carries (${(vault.largestFile.bytes / 1024).toFixed(0)} KiB)`,
    `${vault.largestFile.revealMs} ms`,
  );
}
if (metrics.reports) {
  const reports = metrics.reports as ReportMeasures;
  const pageNames = { service: '/reports/dast', overview: '/reports' } as const;
  for (const [destination, files] of Object.entries(reports.pages) as [
    keyof typeof pageNames,
    { jsGzipBytes: number },
  ][])
    row(
      `report page ${pageNames[destination]}: JS gzip fetched from Home on (beyond the shell)`,
      kb(files.jsGzipBytes),
      `${limits.reportPageJsGzipKB} KB`,
      statusOf(`reports.${destination}PageJsGzip`),
    );
  const chart = reports.firstChart;
  row(
    `report /reports/dast to the first chart drawn, median of ${chart.runs}: opened; from Home's card`,
    `${chart.openedMedianMs.toFixed(0)} ms; ${chart.fromHomeMedianMs.toFixed(0)} ms`,
  );
  for (const entry of reports.dashboard) {
    row(
      `${entry.call}: requests; median at 100,000 and at 100 findings`,
      `${entry.requests} (${entry.commands.map((command) => command.replace(/Command$/, '')).join(', ')}); ${entry.largeMedianMs.toFixed(1)} ms, ${entry.smallMedianMs.toFixed(1)} ms`,
      `${limits.dynamoDbRequestsPerCall}, no Scan`,
      statusOf(`reports.${entry.call}.requests`) === 'ok' && statusOf(`reports.${entry.call}.scans`) === 'ok'
        ? 'ok'
        : 'BROKEN',
    );
    row(
      `  ratio`,
      entry.ratio.toFixed(2),
      `${limits.reportDashboardRatio} (reported)`,
      statusOf(`reports.${entry.call}.ratio`),
    );
  }
  for (const [slug, counted] of Object.entries(reports.reportCounts))
    row(
      `DAST report of ${slug} counted as an import counts it; its item`,
      `${counted.seconds} s; ${counted.attributes} attributes, ${(counted.jsonBytes / KB).toFixed(1)} KB as JSON`,
    );
  row(
    `PDF of ${reports.pdf.findings} findings: start to file ready, median of ${reports.pdf.runs}; size`,
    `${reports.pdf.medianSeconds.toFixed(1)} s (${reports.pdf.samplesSeconds.join(', ')} s; the worker's part ${reports.pdf.workSeconds.join(', ')} s); ${(reports.pdf.bytes / 1e6).toFixed(2)} MB`,
  );
}
if (metrics.webhooks) {
  const { firstAttempt, fanout } = metrics.webhooks as WebhookMeasures;
  row(
    `webhooks: event write to first delivery attempt, p50; p95; slowest (${firstAttempt.samples} edits)`,
    `${firstAttempt.p50Ms} ms; ${firstAttempt.p95Ms} ms; ${firstAttempt.maxMs} ms`,
    `p95 ${limits.webhookFirstAttemptP95Ms} ms`,
    statusOf('webhooks.firstAttempt.p95'),
  );
  const clean = ['lostDeliveries', 'duplicates', 'invalidSignatures'].every(
    (name) => statusOf(`webhooks.fanout.${name}`) === 'ok',
  );
  row(
    `webhooks: ${fanout.events} events to ${fanout.endpoints} endpoints: received once and verified; duplicates; bad signatures`,
    `${fanout.delivered} of ${fanout.expected}; ${fanout.duplicates}; ${fanout.invalidSignatures}`,
    'all, 0, 0',
    clean ? 'ok' : 'BROKEN',
  );
  row(
    '  events written in (100 per transaction); then all delivered in; the worker, deliveries/s',
    `${fanout.writeSeconds} s; ${fanout.deliverSeconds} s; ${fanout.deliveriesPerSecond}`,
  );
}
if (metrics.feeds) {
  const feeds = metrics.feeds as FeedImportBench;
  row(
    `EPSS feed of ${feeds.rows} rows (${(feeds.fileBytes / 1e6).toFixed(1)} MB gzipped): resident set the import adds`,
    `${feeds.importRssMiB} MiB (peak ${feeds.peakRssMiB} MiB, the import's own process; heap ${feeds.peakHeapUsedMiB} MiB)`,
    `${limits.feedImportPeakRssMiB} MiB`,
    statusOf('feeds.epss.importRss'),
  );
  row(
    'EPSS feed: time to check and store, and extrapolated to 300,000 rows',
    `${(feeds.seconds / 60).toFixed(1)} min; ${((feeds.seconds / 60) * (300_000 / feeds.rows)).toFixed(1)} min at 300,000`,
    `${limits.feedImportMinutes} min at 300,000 (reported)`,
    statusOf('feeds.epss.minutesAt300k'),
  );
}
if (metrics.curation) {
  const curation = metrics.curation as CurationMeasures;
  row(
    'finding field save: DynamoDB requests',
    `${curation.fieldSave.requests} (${curation.fieldSave.operations.join(', ')})`,
    `${limits.fieldSaveRequests}`,
    statusOf('curation.fieldSave.requests'),
  );
  row(
    'finding tag change: requests; transactions',
    `${curation.tagChange.requests} (${curation.tagChange.operations.join(', ')}); ${curation.tagChange.transactions}`,
    '1 transaction',
    statusOf('curation.tagChange.transactions'),
  );
  for (const entry of curation.bulk) {
    const writes = entry.writes;
    row(
      `bulk ${entry.action} on ${entry.findings} findings: time; item writes`,
      `${(entry.ms / 1000).toFixed(1)} s; ${writes.findings} findings, ${writes.tagReferences} tag references, ${writes.tagCounters} tag counters, ${writes.bulkItem} progress, ${writes.events} event`,
      `${limits.bulkFindingWrites} finding writes`,
      statusOf(`curation.bulk.${entry.action}.findingWrites`),
    );
  }
}
for (const entry of Object.values((metrics.callOverhead ?? {}) as Record<string, CallOverhead>)) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  row(
    `${entry.call}: handler path, median, p99 (${entry.samples}; load ${entry.loadAverage.join(' ')})`,
    `${ms(entry.handlerPath.medianMs)}, ${ms(entry.handlerPath.p99Ms)}`,
  );
  row(
    `  floor: its DynamoDB requests as it sends them`,
    `${entry.floor.schedule}: median ${ms(entry.floor.medianMs)} (alone ${entry.floor.requests.map((request) => `${request.operation} ${request.aloneMedianMs.toFixed(1)}`).join(', ')})`,
  );
  row(
    `  handler-path ratio`,
    entry.handlerPathRatio.toFixed(2),
    `${limits.handlerPathRatio} (reported)`,
    statusOf(`handlerPathRatio.${entry.call}`),
  );
  row(`  over HTTP, client in its own process: median, p99`, `${ms(entry.http.medianMs)}, ${ms(entry.http.p99Ms)}`);
  row(
    `  HTTP ratio`,
    entry.httpRatio.toFixed(2),
    `${limits.httpRatio} (reported)`,
    statusOf(`httpRatio.${entry.call}`),
  );
}
for (const [call, entry] of Object.entries(
  (metrics.dynamoDbRequestsPerCall ?? {}) as Record<string, { requests: number; commands: string[] }>,
)) {
  row(
    `DynamoDB requests: ${call}`,
    `${entry.requests} (${entry.commands.map((command) => command.replace(/Command$/, '')).join(', ')})`,
    `${limits.dynamoDbRequestsPerCall}`,
    statusOf(`dynamoDbRequests.${call}`),
  );
}
if (typeof metrics.dynamoDbScans === 'number')
  row('Scans, all calls', String(metrics.dynamoDbScans), '0', statusOf('dynamoDbScans.allCalls'));
const roundTrip = metrics.signInRoundTrip as
  | {
      sendSignInLinkToOutbox: { medianMs: number; p90Ms: number; samples: number };
      linkToHome: { medianMs: number; p90Ms: number; samples: number };
    }
  | undefined;
if (roundTrip) {
  row(
    `sendSignInLink to the outbox (${roundTrip.sendSignInLinkToOutbox.samples})`,
    `median ${roundTrip.sendSignInLinkToOutbox.medianMs.toFixed(0)} ms, p90 ${roundTrip.sendSignInLinkToOutbox.p90Ms.toFixed(0)} ms`,
    'median 300 ms (reported)',
  );
  row(
    `link to Home in Chromium (${roundTrip.linkToHome.samples})`,
    `median ${roundTrip.linkToHome.medianMs.toFixed(0)} ms, p90 ${roundTrip.linkToHome.p90Ms.toFixed(0)} ms`,
  );
}
const loadMetrics = (
  metrics.load as
    | {
        getSession: {
          requestsPerSecond: number;
          latencyMedianMs: number;
          latencyP99Ms: number;
          errors: number;
          timeouts: number;
          non2xx: number;
          requests: number;
        };
      }
    | undefined
)?.getSession;
if (loadMetrics) {
  row(
    'load: getSession, 50 connections, 20 s',
    `${loadMetrics.requestsPerSecond} req/s, median ${loadMetrics.latencyMedianMs} ms, p99 ${loadMetrics.latencyP99Ms} ms, errors ${loadMetrics.errors + loadMetrics.timeouts}, non-2xx ${loadMetrics.non2xx} (${loadMetrics.requests} requests)`,
  );
}
const scaleMetrics = metrics.scale as
  | {
      users: number;
      companies: number;
      itemsWritten: number;
      seedSeconds: number;
      pages: { call: string; input: unknown; page: number; requests: number; items: number; ms: number }[];
    }
  | undefined;
if (scaleMetrics) {
  row(
    `scale: seeded ${scaleMetrics.users} users, ${scaleMetrics.companies} companies`,
    `${scaleMetrics.itemsWritten} items in ${scaleMetrics.seedSeconds} s (BatchWrite)`,
  );
  for (const call of [...new Set(scaleMetrics.pages.map((page) => page.call))]) {
    const ofCall = scaleMetrics.pages.filter((page) => page.call === call);
    row(
      `scale: ${call}, requests per page (${ofCall.length} pages)`,
      `max ${Math.max(...ofCall.map((page) => page.requests))}, page times ${ofCall.map((page) => page.ms.toFixed(0)).join('/')} ms`,
      `${limits.dynamoDbRequestsPerCall}, no Scan`,
      statusOf(`scale.${call}.maxRequestsPerPage`) === 'ok' && statusOf(`scale.${call}.scans`) === 'ok'
        ? 'ok'
        : 'BROKEN',
    );
  }
}

const importMetrics = metrics.imports as
  { nuclei: ImportThroughput; nmap: ImportThroughput; largestFile: ImportMemory } | undefined;
if (importMetrics) {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  for (const entry of [importMetrics.nuclei, importMetrics.nmap]) {
    const first = entry.firstImport;
    row(
      `import ${entry.name} (${mb(entry.file.bytes)}: ${entry.findings} findings, ${entry.assets} assets), start to done`,
      `${first.seconds.toFixed(1)} s: ${first.findingsPerSecond} findings/s, ${first.itemsWrittenPerSecond} items written/s (${first.writes.findingItemWrites} findings + ${first.writes.assetItemWrites} assets)`,
    );
    row(
      `  floor: the same items, BatchWriteItem of 25, 4 at once as putItems`,
      `${entry.floor.seconds.toFixed(1)} s (${entry.floor.itemsPerSecond} items/s); one parse of the file ${entry.parseOnceSeconds.toFixed(1)} s`,
    );
    row(
      `  import / floor`,
      entry.importFloorRatio.toFixed(2),
      `${limits.importFloorRatio} (goal 1.2; reported)`,
      statusOf(`imports.${entry.name}.importFloorRatio`),
    );
    row(
      `  re-import of the same file / floor`,
      `${entry.reimportFloorRatio.toFixed(2)} (${entry.reimport.seconds.toFixed(1)} s)`,
      `${limits.reimportFloorRatio} (reported)`,
      statusOf(`imports.${entry.name}.reimportFloorRatio`),
    );
    row(
      `  re-import: finding write requests; assets written again`,
      `${entry.reimport.writes.findingWriteRequests}; ${entry.reimport.writes.assetItemWrites} assets in ${entry.reimport.writes.assetWriteRequests} requests`,
      `${limits.reimportFindingWrites} finding writes`,
      statusOf(`imports.${entry.name}.reimportFindingWrites`),
    );
    row(
      `  finding item size (DynamoDB's count): median, p90, max`,
      `${first.itemBytes.findingsMedian} B, ${first.itemBytes.findingsP90} B, ${first.itemBytes.findingsMax} B (asset median ${first.itemBytes.assetsMedian} B)`,
    );
  }
  const largest = importMetrics.largestFile;
  row(
    `import peak RSS, ${mb(largest.file.bytes)} nuclei file (${largest.findings} findings), the function's bundle in its own process`,
    `${largest.peakRssMiB.toFixed(0)} MiB (the process alone ${largest.baselinePeakRssMiB.toFixed(0)} MiB; heap peak ${largest.heapUsedPeakMiB.toFixed(0)} MiB; ${largest.seconds.toFixed(0)} s)`,
    `${limits.importPeakRssMiB} MiB`,
    statusOf('imports.largestFile.peakRss'),
  );
  const asLambda = largest.lambdaFlags;
  row(
    `  with Lambda's heap flags (${asLambda.flags.join(' ')})`,
    `${asLambda.peakRssMiB.toFixed(0)} MiB (the process alone ${asLambda.baselinePeakRssMiB.toFixed(0)} MiB; heap peak ${asLambda.heapUsedPeakMiB.toFixed(0)} MiB; ${asLambda.seconds.toFixed(0)} s)`,
    `${limits.importPeakRssLambdaFlagsMiB} MiB`,
    statusOf('imports.largestFile.peakRssLambdaFlags'),
  );
}
const findingsList = metrics.findingsList as
  { findings: number; seeded: number; seedSeconds: number; pages: FindingsPage[] } | undefined;
if (findingsList) {
  row(
    `findings list: ${findingsList.findings} findings of one company and service`,
    `${findingsList.seeded} written with BatchWrite in ${findingsList.seedSeconds} s (the rest by the nuclei floor)`,
  );
  findingsList.pages.forEach((page, index) => {
    const name = `findingsList.page${index + 1}`;
    row(
      `  listFindings ${page.page}: requests; median at 100,000 and at 100`,
      `${page.requests} (${page.commands.map((command) => command.replace(/Command$/, '')).join(', ')}); ${page.largeMedianMs.toFixed(1)} ms, ${page.smallMedianMs.toFixed(1)} ms (${page.items.large} and ${page.items.small} rows)`,
      `${limits.dynamoDbRequestsPerCall}, no Scan`,
      statusOf(`${name}.requests`) === 'ok' && statusOf(`${name}.scans`) === 'ok' ? 'ok' : 'BROKEN',
    );
    row(`    ratio`, page.ratio.toFixed(2), `${limits.findingsPageRatio} (reported)`, statusOf(`${name}.ratio`));
  });
}

const header: [string, string, string, string] = ['measured', 'value', 'budget', ''];
const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((cells) => cells[column]!.length)));
const line = (cells: string[]) =>
  cells
    .map((cell, column) => cell.padEnd(widths[column]!))
    .join('  ')
    .trimEnd();
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of rows) console.log(line(cells));
console.log(
  `\nbench/results.json written (${String(metrics.benchSeconds)} s; load average ${loadAverageAtStart.join(' ')} at the start, ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} at the end).`,
);

const broken = budgets.filter((entry) => !entry.ok && enforced.has(entry.name));
const reportedOver = budgets.filter((entry) => !entry.ok && !enforced.has(entry.name));
if (reportedOver.length > 0)
  console.log(
    `Over a reported budget (does not fail): ${reportedOver.map((entry) => `${entry.name} ${entry.value}/${entry.limit}`).join(', ')}`,
  );
if (problems.length > 0) console.error(`Not measured as intended:\n  ${problems.join('\n  ')}`);
if (broken.length > 0)
  console.error(
    `Budgets broken: ${broken.map((entry) => `${entry.name} ${entry.value} ${entry.unit} > ${entry.limit}`).join(', ')}`,
  );
process.exit(broken.length > 0 || problems.length > 0 ? 1 : 0);
