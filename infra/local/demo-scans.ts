// The demo scans of the local stack: real scanner outputs (tests/fixtures/scanners, see SOURCES.md there)
// imported for acme and globex through the same import the product runs, so a newcomer's first look at a
// service page shows findings, scans and assets. Acme's DAST has two scans of the same site, the second
// without three of the first's alerts and with three it lacked (one of them of low risk, so customers too see a
// finding new in the last scan), so its counts show new and fixed findings.
// Idempotent: each demo import has a fixed id and is skipped once done.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ServiceName } from '../../lambdas/kernel/access/rules.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { getScanImport, putNewScanImport } from '../../lambdas/kernel/data/entities/scan-imports.js';
import { runScanImport } from '../../lambdas/kernel/findings/import-run.js';
import { importFileKey, uploadsPrefix } from '../../lambdas/kernel/findings/scan-imports.js';

const fixtures = path.resolve(import.meta.dirname, '../../tests/fixtures/scanners');
const read = (file: string) => readFileSync(path.join(fixtures, file));

/**
 * Greenbone's fixture names its host 192.168.1.1001, which is no IPv4 address (an octet over 255): the demo puts it
 * on 192.168.1.101, so the network report's subnet filter (192.168.1.0/24) has findings to show.
 */
function openvasOnRealAddress(): Buffer {
  return Buffer.from(read('network/many_vuln.xml').toString('utf8').replaceAll('192.168.1.1001', '192.168.1.101'));
}

/**
 * Prowler's published examples name nothing real (`<account_uid>`, `<region>`, `<resource_name>`): the demo gives
 * the placeholders the names a customer's own account would have, so its cloud findings read as the real ones do.
 */
function prowlerWithDemoNames(file: string, names: Record<string, string>): Buffer {
  let json = read(file).toString('utf8');
  for (const [placeholder, name] of Object.entries(names)) json = json.replaceAll(`<${placeholder}>`, name);
  return Buffer.from(json);
}

const acmeAwsNames = {
  account_uid: '123456789012',
  account_name: 'acme-production',
  region: 'eu-central-1',
  resource_arn: 'arn:aws:s3:::acme-audit-logs',
  resource_uid: 'arn:aws:s3:::acme-audit-logs',
  resource_name: 'acme-audit-logs',
  prowler_version: '4.2.4',
  value: '+49 30 1234567',
};

const globexGcpNames = {
  project_id: 'globex-plant-prod',
  project_name: 'Globex plant production',
  tenant_uid: '417202113355',
  resource_id: 'allow-plant-rdp',
  uid: '8734012265190381',
  prowler_version: '4.2.4',
  value: '+1 555 0100',
};

/** ZAP's XML fixture without the alert items at these positions (0-based). */
function zapWithout(positions: number[]): Buffer {
  const xml = read('dast/zap-results-first-scan.xml').toString('utf8');
  let index = -1;
  return Buffer.from(
    xml.replace(/<alertitem>[\s\S]*?<\/alertitem>\s*/g, (item) => {
      index += 1;
      return positions.includes(index) ? '' : item;
    }),
  );
}

interface DemoScan {
  id: string;
  slug: string;
  service: ServiceName;
  by: string;
  files: Array<{ name: string; body: () => Buffer }>;
}

export const demoScans: DemoScan[] = [
  {
    id: 'demo-acme-dast-1',
    slug: 'acme',
    service: 'dast',
    by: 'analyst@example.com',
    files: [{ name: 'bodgeit-zap-week-1.xml', body: () => zapWithout([1, 5, 7]) }],
  },
  {
    id: 'demo-acme-dast-2',
    slug: 'acme',
    service: 'dast',
    by: 'analyst@example.com',
    files: [{ name: 'bodgeit-zap-week-2.xml', body: () => zapWithout([3, 8, 12]) }],
  },
  {
    id: 'demo-acme-projectmariana-1',
    slug: 'acme',
    service: 'projectmariana',
    by: 'analyst@example.com',
    files: [{ name: 'subfinder.jsonl', body: () => read('projectmariana/passive_scan_without_ip_example.com.jsonl') }],
  },
  {
    id: 'demo-acme-projectmariana-2',
    slug: 'acme',
    service: 'projectmariana',
    by: 'analyst@example.com',
    files: [{ name: 'nuclei.jsonl', body: () => read('projectmariana/many_findings_new.json') }],
  },
  {
    id: 'demo-acme-network-1',
    slug: 'acme',
    service: 'network',
    by: 'admin@example.com',
    files: [{ name: 'openvas-report.xml', body: () => openvasOnRealAddress() }],
  },
  {
    id: 'demo-acme-cloud-1',
    slug: 'acme',
    service: 'cloud',
    by: 'analyst@example.com',
    files: [
      {
        name: 'prowler-aws.ocsf.json',
        body: () => prowlerWithDemoNames('cloud/example_output_aws.ocsf.json', acmeAwsNames),
      },
    ],
  },
  {
    id: 'demo-acme-password-cracking-1',
    slug: 'acme',
    service: 'password_cracking',
    by: 'analyst@example.com',
    files: [
      { name: 'customer.ntds', body: () => read('password_cracking/customer.ntds') },
      { name: 'hashcat.potfile', body: () => read('password_cracking/hashcat.potfile') },
    ],
  },
  {
    id: 'demo-globex-network-1',
    slug: 'globex',
    service: 'network',
    by: 'analyst@example.com',
    files: [{ name: 'nmap-vulners.xml', body: () => read('network/issue4406.xml') }],
  },
  {
    id: 'demo-globex-cloud-1',
    slug: 'globex',
    service: 'cloud',
    by: 'analyst@example.com',
    files: [
      {
        name: 'prowler-gcp.ocsf.json',
        body: () => prowlerWithDemoNames('cloud/example_output_gcp.ocsf.json', globexGcpNames),
      },
    ],
  },
];

export async function seedDemoScans(
  actors: Map<string, { uid: string; email: string; displayName: string }>,
): Promise<void> {
  const s3 = new S3Client({ forcePathStyle: readConfig().S3_FORCE_PATH_STYLE });
  const bucket = readConfig().UPLOADS_BUCKET;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not configured');
  for (const scan of demoScans) {
    const existing = await getScanImport(scan.id, true);
    if (existing?.status === 'done') continue;
    const actor = actors.get(scan.by);
    if (!actor) throw new Error(`Demo scan ${scan.id}: ${scan.by} is not seeded`);
    if (!existing) {
      const files = [];
      for (const [index, file] of scan.files.entries()) {
        const body = file.body();
        const objectKey = `${uploadsPrefix}${scan.slug}/${scan.service}/${scan.id}/${index}`;
        // Where startScanImport's copy would put it: the import reads that copy, never the upload form's key.
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: importFileKey(objectKey),
            Body: body,
            ServerSideEncryption: 'AES256',
          }),
        );
        files.push({ name: file.name, contentLength: body.length, objectKey });
      }
      await putNewScanImport({
        importId: scan.id,
        slug: scan.slug,
        service: scan.service,
        status: 'queued',
        files,
        createdAt: Date.now(),
        createdByUid: actor.uid,
        createdByEmail: actor.email,
        createdByName: actor.displayName,
        progress: {
          bytesRead: 0,
          bytesTotal: files.reduce((sum, file) => sum + file.contentLength, 0),
          findingsWritten: 0,
        },
        version: 1,
      });
    }
    // Run here rather than through the queue: the next demo scan of the service must see this one's result.
    await runScanImport(scan.id);
  }
}
