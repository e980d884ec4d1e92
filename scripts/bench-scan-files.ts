// Scanner files for the import benchmarks, generated deterministically from a seed and streamed to disk
// (never built in memory): a nuclei JSONL as nuclei v3 writes it with `-jsonl` (raw request and response on
// HTTP results, as by default), and an Nmap XML (`-sV -oX`) with `--script vulners` output on some ports.
// Every finding the import reads from them has an identity of its own: nuclei's template-id + matcher-name +
// host is never repeated, and Nmap's host + port (+ CVE) cannot be.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** mulberry32: a small seeded generator, so the same seed writes the same bytes on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** Writes lines to a file, waiting whenever the stream's buffer is full; returns the bytes written. */
async function writeLines(file: string, lines: Iterable<string>): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  try {
    for (const line of lines) {
      bytes += Buffer.byteLength(line);
      if (!out.write(line)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return bytes;
}

const words = [
  'access',
  'admin',
  'api',
  'backup',
  'cache',
  'config',
  'console',
  'debug',
  'default',
  'disclosure',
  'exposed',
  'file',
  'header',
  'injection',
  'login',
  'panel',
  'path',
  'remote',
  'server',
  'service',
  'session',
  'token',
  'traversal',
  'upload',
  'version',
  'weak',
  'xss',
  'redirect',
  'listing',
  'credentials',
] as const;
const sentence = (random: Random, minWords: number, maxWords: number) =>
  Array.from({ length: between(random, minWords, maxWords) }, () => pick(random, words)).join(' ');

const severities = ['info', 'low', 'medium', 'high', 'critical'] as const;
/** Nuclei's templates lean to info: detections and exposures far outnumber vulnerabilities. */
const severityWeights = [0.45, 0.15, 0.2, 0.13, 0.07];
function weightedSeverity(random: Random): (typeof severities)[number] {
  let draw = random();
  for (const [index, weight] of severityWeights.entries()) {
    draw -= weight;
    if (draw < 0) return severities[index]!;
  }
  return 'info';
}

interface NucleiCheck {
  templateId: string;
  templatePath: string;
  matcherName?: string;
  type: 'http' | 'dns' | 'ssl' | 'tcp';
  info: Record<string, unknown>;
  path: string;
}

/**
 * The template catalogue: `count` templates, some with several named matchers (a technology detection, a
 * weak-cipher check), each (template, matcher) pair a check the generator assigns to hosts.
 */
function nucleiChecks(random: Random, count: number): NucleiCheck[] {
  const checks: NucleiCheck[] = [];
  for (let index = 0; index < count; index += 1) {
    const kind = index % 10;
    const severity = kind === 0 ? pick(random, ['medium', 'high', 'critical'] as const) : weightedSeverity(random);
    const type = kind === 7 ? 'ssl' : kind === 8 ? 'dns' : kind === 9 ? 'tcp' : 'http';
    const cve = kind === 0 ? `CVE-${2015 + (index % 10)}-${String(1000 + index * 37).padStart(5, '0')}` : undefined;
    const templateId = cve ?? `${pick(random, words)}-${pick(random, words)}-${index}`;
    const folder = cve
      ? `http/cves/${cve.slice(4, 8)}`
      : `${type}/${pick(random, ['exposures', 'misconfiguration', 'technologies', 'vulnerabilities'])}`;
    const info: Record<string, unknown> = {
      name: `${sentence(random, 2, 5)} ${index}`.replace(/^./, (letter) => letter.toUpperCase()),
      author: Array.from({ length: between(random, 1, 3) }, () => `author${between(random, 1, 400)}`),
      tags: Array.from({ length: between(random, 2, 5) }, () => pick(random, words)),
      description: `${sentence(random, 20, 60)}.`,
      reference: Array.from(
        { length: between(random, 1, 3) },
        (_, reference) => `https://security.example/advisories/${templateId}/${reference}`,
      ),
      severity,
      metadata: { 'max-request': between(random, 1, 4), verified: random() < 0.5 },
    };
    if (severity !== 'info') info.remediation = `${sentence(random, 8, 20)}.`;
    if (cve) {
      const score = severity === 'critical' ? 9.8 : severity === 'high' ? 7.5 : 5.3;
      info.classification = {
        'cve-id': [cve.toLowerCase()],
        'cwe-id': [`cwe-${between(random, 20, 900)}`],
        'cvss-metrics': 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        'cvss-score': score,
        'epss-score': Math.round(random() * 1e5) / 1e5,
        'epss-percentile': Math.round(random() * 1e5) / 1e5,
        cpe: `cpe:2.3:a:vendor${index}:product${index}:*:*:*:*:*:*:*:*`,
      };
    }
    const matchers = kind === 3 || kind === 7 ? between(random, 2, 5) : 1;
    for (let matcher = 0; matcher < matchers; matcher += 1) {
      checks.push({
        templateId,
        templatePath: `${folder}/${templateId}.yaml`,
        matcherName: matchers > 1 ? `${pick(random, words)}-${matcher}` : undefined,
        type,
        info,
        path: `/${pick(random, words)}/${pick(random, words)}`,
      });
    }
  }
  return checks;
}

/** A response as nuclei stores it: status line, headers, and an HTML body of the given size. */
function httpResponse(random: Random, bodyBytes: number): string {
  const body =
    `<html><head><title>${sentence(random, 2, 4)}</title></head><body>`.padEnd(bodyBytes - 14, ' lorem ipsum') +
    '</body></html>';
  return [
    'HTTP/1.1 200 OK',
    'Connection: close',
    `Content-Length: ${body.length}`,
    'Content-Type: text/html; charset=utf-8',
    `Date: Tue, 12 Nov 2024 10:${String(between(random, 10, 59))}:00 GMT`,
    'Server: nginx/1.24.0',
    '',
    body,
  ].join('\r\n');
}

export interface NucleiFileOptions {
  seed: number;
  /** Hosts the results spread over (nuclei sprays each template over every host). */
  hosts: number;
  /** Stop after this many results… */
  results?: number;
  /** …or before the file would pass this many bytes. */
  maxBytes?: number;
  /** Response body sizes of HTTP results, in bytes (uniform between the two). */
  responseBodyBytes: [number, number];
}

export const nucleiHost = (index: number) => `app-${String(index).padStart(4, '0')}.bench-scan.example`;

/** Writes the nuclei JSONL; returns its size and how many results (= distinct findings) it holds. */
export async function writeNucleiFile(
  file: string,
  options: NucleiFileOptions,
): Promise<{ bytes: number; results: number }> {
  const random = seededRandom(options.seed);
  const checks = nucleiChecks(random, 800);
  // Each host runs the checks in an order of its own: host h's round r is check (a_h·r + b_h) mod n, with n
  // prime and a_h ≠ 0, so no host meets the same check twice (distinct identities) until round n.
  const n = largestPrimeAtMost(checks.length);
  const order = Array.from({ length: options.hosts }, () => ({
    a: between(random, 1, n - 1),
    b: between(random, 0, n - 1),
  }));
  const limit = options.results ?? Number.POSITIVE_INFINITY;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let results = 0;
  let bytes = 0;
  const started = Date.parse('2024-11-12T10:00:00Z');
  function* lines(): Generator<string> {
    for (let index = 0; results < limit; index += 1) {
      const hostIndex = index % options.hosts;
      const round = Math.floor(index / options.hosts);
      if (round >= n) throw new Error('More results than the catalogue gives distinct identities for');
      const { a, b } = order[hostIndex]!;
      const check = checks[(a * round + b) % n]!;
      const host = nucleiHost(hostIndex);
      const line = `${JSON.stringify(nucleiResult(random, check, host, hostIndex, started + index * 37, options))}\n`;
      const length = Buffer.byteLength(line);
      if (bytes + length > maxBytes) return;
      bytes += length;
      results += 1;
      yield line;
    }
  }
  await writeLines(file, lines());
  return { bytes, results };
}

function nucleiResult(
  random: Random,
  check: NucleiCheck,
  host: string,
  hostIndex: number,
  at: number,
  options: NucleiFileOptions,
): Record<string, unknown> {
  const ip = `10.${(hostIndex >> 8) & 255}.${hostIndex & 255}.${between(random, 1, 254)}`;
  const result: Record<string, unknown> = {
    template: check.templatePath,
    'template-url': `https://cloud.projectdiscovery.io/public/${check.templateId}`,
    'template-id': check.templateId,
    'template-path': `/home/scanner/nuclei-templates/${check.templatePath}`,
    info: check.info,
    type: check.type,
  };
  if (check.matcherName) result['matcher-name'] = check.matcherName;
  if (check.type === 'http') {
    const url = `https://${host}${check.path}`;
    Object.assign(result, {
      host: `https://${host}`,
      port: '443',
      scheme: 'https',
      url: `https://${host}`,
      path: check.path,
      'matched-at': url,
      request: [
        `GET ${check.path} HTTP/1.1`,
        `Host: ${host}`,
        'User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
        'Connection: close',
        'Accept: */*',
        'Accept-Encoding: gzip',
        '',
        '',
      ].join('\r\n'),
      response: httpResponse(random, between(random, ...options.responseBodyBytes)),
      'curl-command': `curl -X 'GET' -H 'Host: ${host}' -H 'User-Agent: Mozilla/5.0' '${url}'`,
    });
    if (random() < 0.3)
      result['extracted-results'] = [`${pick(random, words)}/${between(random, 1, 9)}.${between(random, 0, 20)}`];
  } else {
    const port = check.type === 'ssl' ? 443 : check.type === 'dns' ? 53 : between(random, 1000, 9000);
    Object.assign(result, {
      host: check.type === 'dns' ? host : `${host}:${port}`,
      port: String(port),
      'matched-at': check.type === 'dns' ? host : `${host}:${port}`,
      'extracted-results': [`${pick(random, words)}-${between(random, 1, 999)}`],
    });
  }
  Object.assign(result, {
    ip,
    timestamp: new Date(at).toISOString().replace('Z', '000+00:00'),
    'matcher-status': true,
  });
  return result;
}

function largestPrimeAtMost(limit: number): number {
  for (let candidate = limit; candidate > 2; candidate -= 1) {
    let prime = true;
    for (let divisor = 2; divisor * divisor <= candidate; divisor += 1) {
      if (candidate % divisor === 0) {
        prime = false;
        break;
      }
    }
    if (prime) return candidate;
  }
  return 2;
}

const services = [
  {
    port: 22,
    name: 'ssh',
    product: 'OpenSSH',
    versions: ['7.4', '8.2p1 Ubuntu 4ubuntu0.5', '8.9p1 Ubuntu 3'],
    cpe: 'cpe:/a:openbsd:openssh',
  },
  {
    port: 80,
    name: 'http',
    product: 'nginx',
    versions: ['1.18.0', '1.20.1', '1.24.0'],
    cpe: 'cpe:/a:igor_sysoev:nginx',
  },
  {
    port: 443,
    name: 'https',
    product: 'Apache httpd',
    versions: ['2.4.29', '2.4.41', '2.4.57'],
    cpe: 'cpe:/a:apache:http_server',
  },
  { port: 3306, name: 'mysql', product: 'MySQL', versions: ['5.7.32', '8.0.28'], cpe: 'cpe:/a:mysql:mysql' },
  {
    port: 5432,
    name: 'postgresql',
    product: 'PostgreSQL DB',
    versions: ['12.4', '14.2'],
    cpe: 'cpe:/a:postgresql:postgresql',
  },
  {
    port: 3389,
    name: 'ms-wbt-server',
    product: 'Microsoft Terminal Services',
    versions: [''],
    cpe: 'cpe:/o:microsoft:windows',
  },
  {
    port: 445,
    name: 'microsoft-ds',
    product: 'Samba smbd',
    versions: ['4.7.6-Ubuntu', '4.13.17'],
    cpe: 'cpe:/a:samba:samba',
  },
  {
    port: 8080,
    name: 'http-proxy',
    product: 'Apache Tomcat',
    versions: ['9.0.31', '8.5.51'],
    cpe: 'cpe:/a:apache:tomcat',
  },
  { port: 25, name: 'smtp', product: 'Postfix smtpd', versions: [''], cpe: 'cpe:/a:postfix:postfix' },
  { port: 53, name: 'domain', product: 'ISC BIND', versions: ['9.11.4', '9.16.1'], cpe: 'cpe:/a:isc:bind' },
] as const;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#xa;')
    .replace(/\t/g, '&#x9;');

export interface NmapFileOptions {
  seed: number;
  hosts: number;
  /** Open ports per host (uniform between the two). */
  openPorts: [number, number];
  /** Share of open ports with `--script vulners` output. */
  vulnersShare: number;
  /** Vulners entries per port that has them (uniform between the two). */
  vulnersEntries: [number, number];
}

/** Writes the Nmap XML; returns its size and the open ports and vulners entries it holds. */
export async function writeNmapFile(
  file: string,
  options: NmapFileOptions,
): Promise<{ bytes: number; hosts: number; openPorts: number; vulnersEntries: number }> {
  const random = seededRandom(options.seed);
  let openPorts = 0;
  let vulnersEntries = 0;
  const start = 1731405600;
  function* lines(): Generator<string> {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE nmaprun>\n';
    yield `<nmaprun scanner="nmap" args="nmap -sV --script vulners -oX - 10.0.0.0/16" start="${start}" startstr="Tue Nov 12 10:00:00 2024" version="7.94" xmloutputversion="1.05">\n`;
    yield '<scaninfo type="syn" protocol="tcp" numservices="1000" services="1-1000"/>\n<verbose level="0"/>\n<debugging level="0"/>\n';
    for (let index = 0; index < options.hosts; index += 1) {
      const ip = `10.${20 + (index >> 8)}.${index & 255}.${between(random, 1, 254)}`;
      const parts: string[] = [
        `<host starttime="${start + index}" endtime="${start + index + 60}"><status state="up" reason="syn-ack" reason_ttl="63"/>\n`,
        `<address addr="${ip}" addrtype="ipv4"/>\n`,
        random() < 0.6
          ? `<hostnames>\n<hostname name="host-${index}.corp.bench-scan.example" type="PTR"/>\n</hostnames>\n`
          : '<hostnames>\n</hostnames>\n',
        '<ports><extraports state="closed" count="996">\n<extrareasons reason="resets" count="996"/>\n</extraports>\n',
      ];
      const chosen = new Set<number>();
      const count = between(random, ...options.openPorts);
      while (chosen.size < count) chosen.add(Math.floor(random() * services.length));
      for (const serviceIndex of [...chosen].sort((a, b) => a - b)) {
        const service = services[serviceIndex]!;
        const version = pick(random, service.versions);
        const cpe = version ? `${service.cpe}:${version.split(' ')[0]}` : service.cpe;
        openPorts += 1;
        let script = '';
        if (random() < options.vulnersShare) {
          const entries = vulnersTable(random, between(random, ...options.vulnersEntries));
          vulnersEntries += entries.length;
          script = vulnersScript(cpe, entries);
        }
        parts.push(
          `<port protocol="tcp" portid="${service.port}"><state state="open" reason="syn-ack" reason_ttl="63"/>` +
            `<service name="${service.name}" product="${escapeXml(service.product)}"${version ? ` version="${escapeXml(version)}"` : ''} method="probed" conf="10"><cpe>${cpe}</cpe></service>` +
            `${script}</port>\n`,
        );
      }
      parts.push('</ports>\n<times srtt="1043" rttvar="210" to="100000"/>\n</host>\n');
      yield parts.join('');
    }
    yield `<runstats><finished time="${start + options.hosts + 60}" timestr="Tue Nov 12 12:00:00 2024" elapsed="7200" exit="success"/><hosts up="${options.hosts}" down="0" total="${options.hosts}"/></runstats>\n</nmaprun>\n`;
  }
  const bytes = await writeLines(file, lines());
  return { bytes, hosts: options.hosts, openPorts, vulnersEntries };
}

interface VulnersRow {
  id: string;
  cvss: number;
  type: string;
  exploit: boolean;
}

/** CVEs, some with an exploit that names the CVE, and now and then an exploit that names none. */
function vulnersTable(random: Random, count: number): VulnersRow[] {
  const rows: VulnersRow[] = [];
  while (rows.length < count) {
    const cve = `CVE-${between(random, 2016, 2024)}-${between(random, 1000, 49999)}`;
    const cvss = Math.round((2 + random() * 8) * 10) / 10;
    if (rows.some((row) => row.id === cve)) continue;
    rows.push({ id: cve, cvss, type: 'cve', exploit: false });
    if (random() < 0.3 && rows.length < count)
      rows.push({ id: `MSF:ILITIES/UBUNTU-${cve}/`, cvss, type: 'metasploit', exploit: true });
    if (random() < 0.1 && rows.length < count)
      rows.push({ id: `EDB-ID:${between(random, 10000, 52000)}`, cvss, type: 'exploitdb', exploit: true });
  }
  return rows.sort((a, b) => b.cvss - a.cvss);
}

function vulnersScript(cpe: string, rows: VulnersRow[]): string {
  const output = `\n  ${cpe}: \n${rows
    .map(
      (row) =>
        `    \t${row.id}\t${row.cvss}\thttps://vulners.com/${row.type}/${row.id}${row.exploit ? '\t*EXPLOIT*' : ''}`,
    )
    .join('\n')}`;
  const tables = rows
    .map(
      (row) =>
        `<table>\n<elem key="cvss">${row.cvss}</elem>\n<elem key="id">${escapeXml(row.id)}</elem>\n<elem key="is_exploit">${row.exploit}</elem>\n<elem key="type">${row.type}</elem>\n</table>\n`,
    )
    .join('');
  return `<script id="vulners" output="${escapeXml(output)}"><table key="${cpe}">\n${tables}</table>\n</script>`;
}
