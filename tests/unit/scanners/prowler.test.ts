// Prowler OCSF JSON (the fixtures, counted by hand) and the ;-separated CSV: PASS counted not imported,
// placeholder uids, muted results, compliance, identity stability and bad CSV.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunked, expectImportError, fixture, fixtures, importScan } from './scan-import.js';

const header =
  'AUTH_METHOD;TIMESTAMP;ACCOUNT_UID;ACCOUNT_NAME;ACCOUNT_EMAIL;ACCOUNT_ORGANIZATION_UID;ACCOUNT_ORGANIZATION_NAME;ACCOUNT_TAGS;' +
  'FINDING_UID;PROVIDER;CHECK_ID;CHECK_TITLE;CHECK_TYPE;STATUS;STATUS_EXTENDED;MUTED;SERVICE_NAME;SUBSERVICE_NAME;SEVERITY;' +
  'RESOURCE_TYPE;RESOURCE_UID;RESOURCE_NAME;RESOURCE_DETAILS;RESOURCE_TAGS;PARTITION;REGION;DESCRIPTION;RISK;RELATED_URL;' +
  'REMEDIATION_RECOMMENDATION_TEXT;REMEDIATION_RECOMMENDATION_URL;REMEDIATION_CODE_NATIVEIAC;REMEDIATION_CODE_TERRAFORM;' +
  'REMEDIATION_CODE_CLI;REMEDIATION_CODE_OTHER;COMPLIANCE;CATEGORIES;DEPENDS_ON;RELATED_TO;NOTES;PROWLER_VERSION';

/** A CSV row from the columns that matter here; the rest empty. */
function row(values: Record<string, string>): string {
  return header
    .split(';')
    .map((column) => values[column] ?? '')
    .join(';');
}

describe('Prowler OCSF JSON', () => {
  it('AWS example: 5 results, 2 FAIL and 3 MANUAL, each its own finding although every uid is a placeholder', async () => {
    const { assets, findings, summary } = await importScan('cloud', [fixture('cloud/example_output_aws.ocsf.json')]);
    // Counted in the file: 5 array elements, "status_code" FAIL twice (accessanalyzer_enabled Low,
    // account_maintain_different_contact_details… Medium) and MANUAL three times (Medium); every
    // finding_info.uid is the placeholder "<finding_uid>".
    expect(findings).toHaveLength(5);
    expect(summary.distinctFindings).toBe(5);
    expect(summary.bySeverity).toEqual({ critical: 0, high: 0, medium: 4, low: 1, info: 0 });
    expect(summary.metrics).toMatchObject({
      kind: 'prowler',
      pass: 0,
      fail: 2,
      manual: 3,
      muted: 0,
      failBySeverity: { critical: 0, high: 0, medium: 1, low: 1, info: 0 },
      accounts: ['<account_uid>'],
    });
    // CIS-1.4 maps accessanalyzer_enabled (FAIL) and three MANUAL checks.
    expect((summary.metrics as { byFramework: Record<string, unknown> }).byFramework['CIS-1.4']).toEqual({
      pass: 0,
      fail: 1,
      manual: 3,
    });
    expect(summary.tool).toEqual({ name: 'prowler' });
    // The account, the analyzer resource and the account root (four checks share it).
    expect(assets.map((asset) => asset.key)).toEqual([
      'account:aws/<account_uid>',
      'cloud-resource:aws/<account_uid>/<region>/<resource_uid>',
      'cloud-resource:aws/<account_uid>/<region>/arn:aws:iam::<account_uid>:root',
    ]);
    const analyzer = findings[0];
    expect(analyzer).toMatchObject({
      ruleId: 'accessanalyzer_enabled',
      title: 'Check if IAM Access Analyzer is enabled',
      severity: 'low',
      severityRaw: 'Low',
      toolStatus: 'FAIL',
      suggestedStatus: 'open',
      evidence: { output: 'IAM Access Analyzer in account <account_uid> is not enabled.' },
      remediation: expect.stringMatching(/^Enable IAM Access Analyzer for all accounts/),
      impact: expect.stringMatching(/^AWS IAM Access Analyzer helps you identify/),
      compliance: expect.objectContaining({
        'CIS-1.4': ['1.20'],
        'KISA-ISMS-P-2023': ['2.5.6', '2.6.4', '2.8.1', '2.8.2'],
      }),
      identity: { parts: { finding_uid: 'prowler-aws-accessanalyzer_enabled-<account_uid>-<region>-<resource_name>' } },
      extra: expect.objectContaining({ findingUidDerived: true, service: 'accessanalyzer' }),
      foundAt: '2025-02-14T14:27:03.913Z',
    });
    expect(analyzer?.references).toContain(
      'https://docs.aws.amazon.com/IAM/latest/UserGuide/what-is-access-analyzer.html',
    );
    expect(findings[1]).toMatchObject({ ruleId: 'account_maintain_current_contact_details', toolStatus: 'MANUAL' });
  });

  it('GCP example: 3 PASS counted, not imported; 2 FAIL findings, one critical', async () => {
    const { assets, findings, summary } = await importScan('cloud', [fixture('cloud/example_output_gcp.ocsf.json')]);
    // Counted in the file: 5 elements; PASS for apikeys_key_exists and twice for
    // compute_firewall_rdp_access_from_the_internet_allowed, FAIL for artifacts_container_analysis_enabled
    // (Medium) and once for compute_firewall_rdp_access_from_the_internet_allowed (Critical).
    expect(findings.map((finding) => [finding.ruleId, finding.severity])).toEqual([
      ['artifacts_container_analysis_enabled', 'medium'],
      ['compute_firewall_rdp_access_from_the_internet_allowed', 'critical'],
    ]);
    expect(summary.metrics).toMatchObject({
      pass: 3,
      fail: 2,
      manual: 0,
      // The checks' categories, passed ones included: the report's category filter offers them.
      categories: ['internet-exposed'],
      byCheck: {
        apikeys_key_exists: { pass: 1, fail: 0, manual: 0 },
        artifacts_container_analysis_enabled: { pass: 0, fail: 1, manual: 0 },
        compute_firewall_rdp_access_from_the_internet_allowed: { pass: 2, fail: 1, manual: 0 },
      },
      regions: ['global'],
    });
    expect(summary.tool).toEqual({ name: 'prowler', version: '5.4.0' });
    // A PASS checked its resource: the project (apikeys_key_exists) is an asset though no finding is on it,
    // so a later import can tell "fixed" from "not looked at".
    expect(assets.map((asset) => asset.key)).toEqual([
      'account:gcp/<project_id>',
      'cloud-resource:gcp/<project_id>/global/<project_id>',
      'cloud-resource:gcp/<project_id>/global/containeranalysis.googleapis.com',
      'cloud-resource:gcp/<project_id>/global/<uid>',
    ]);
    expect(findings[0]?.asset).toMatchObject({
      kind: 'cloud-resource',
      name: 'AR Container Analysis',
      cloud: {
        provider: 'gcp',
        accountUid: '<project_id>',
        region: 'global',
        service: 'artifacts',
        resourceUid: 'containeranalysis.googleapis.com',
      },
    });
  });

  it('identity: a real uid is the identity whatever the severity or title; a muted FAIL is a risk accepted', async () => {
    const elements = JSON.parse(
      readFileSync(path.join(fixtures, 'cloud/example_output_aws.ocsf.json'), 'utf8'),
    ) as Array<Record<string, any>>;
    const base = structuredClone(elements[0] ?? {});
    base.finding_info.uid = 'prowler-aws-accessanalyzer_enabled-123456789012-eu-west-1-analyzer';
    const rescored = structuredClone(base);
    rescored.severity = 'High';
    rescored.finding_info.title = 'IAM Access Analyzer is not enabled';
    const muted = structuredClone(base);
    muted.status = 'Suppressed';
    const otherRegion = structuredClone(base);
    otherRegion.finding_info.uid = 'prowler-aws-accessanalyzer_enabled-123456789012-us-east-1-analyzer';
    const { findings, summary } = await importScan('cloud', [
      chunked(JSON.stringify([base, rescored, muted, otherRegion]), 1000),
    ]);
    const keys = findings.map((finding) => finding.identity.key);
    expect(findings[0]?.identity.parts).toEqual({
      finding_uid: 'prowler-aws-accessanalyzer_enabled-123456789012-eu-west-1-analyzer',
    });
    expect(findings[0]?.extra.findingUidDerived).toBeUndefined();
    expect(findings[1]).toMatchObject({ severity: 'high', title: 'IAM Access Analyzer is not enabled' });
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(findings[2]).toMatchObject({
      suggestedStatus: 'risk_accepted',
      extra: expect.objectContaining({ muted: true }),
    });
    expect(keys[3]).not.toBe(keys[0]);
    expect(summary.metrics).toMatchObject({ fail: 4, muted: 1 });
  });

  it('refuses a truncated array and an element that is no Prowler finding', async () => {
    const text = readFileSync(path.join(fixtures, 'cloud/example_output_gcp.ocsf.json'), 'utf8');
    await expectImportError(importScan('cloud', [chunked(text.slice(0, 9000), 512)]), /cut short/);
    await expectImportError(
      importScan('cloud', [chunked('[{"metadata": {"event_code": "x"}, "status_code": "FAIL"}, {"a": 1}]')]),
      /Element 2/,
    );
    await expectImportError(
      importScan('cloud', [chunked('{"a": 1}')], { format: 'prowler-ocsf-json' }),
      /does not start with "\["/,
    );
  });
});

describe('Prowler CSV', () => {
  const accessAnalyzer = {
    TIMESTAMP: '2025-02-14 14:27:03.913874',
    ACCOUNT_UID: '<account_uid>',
    FINDING_UID: '<finding_uid>',
    PROVIDER: 'aws',
    CHECK_ID: 'accessanalyzer_enabled',
    CHECK_TITLE: 'Check if IAM Access Analyzer is enabled',
    CHECK_TYPE: 'IAM',
    STATUS: 'FAIL',
    STATUS_EXTENDED: 'IAM Access Analyzer in account <account_uid> is not enabled.',
    MUTED: 'False',
    SERVICE_NAME: 'accessanalyzer',
    SEVERITY: 'low',
    RESOURCE_TYPE: 'Other',
    RESOURCE_UID: '<resource_uid>',
    RESOURCE_NAME: '<resource_name>',
    REGION: '<region>',
    REMEDIATION_RECOMMENDATION_TEXT: 'Enable IAM Access Analyzer for all accounts.',
    REMEDIATION_CODE_CLI: 'aws accessanalyzer create-analyzer --analyzer-name <NAME> --type <ACCOUNT|ORGANIZATION>',
    COMPLIANCE: 'CIS-1.4: 1.20 | KISA-ISMS-P-2023: 2.5.6, 2.6.4, 2.8.1, 2.8.2',
    PROWLER_VERSION: '<prowler_version>',
  };
  const contactDetails = {
    ...accessAnalyzer,
    CHECK_ID: 'account_maintain_current_contact_details',
    CHECK_TITLE: 'Maintain current contact details.',
    STATUS: 'MANUAL',
    SEVERITY: 'medium',
    SERVICE_NAME: 'account',
    RESOURCE_UID: 'arn:aws:iam::<account_uid>:root',
    RESOURCE_NAME: '<account_uid>',
    COMPLIANCE: 'CIS-1.4: 1.1',
  };
  const passing = {
    ...accessAnalyzer,
    CHECK_ID: 's3_bucket_default_encryption',
    STATUS: 'PASS',
    FINDING_UID: 'prowler-aws-s3-1',
  };
  const mutedWithQuotes = {
    ...accessAnalyzer,
    FINDING_UID: 'prowler-aws-s3_bucket_public_access-123456789012-eu-west-1-my-bucket',
    ACCOUNT_UID: '123456789012',
    REGION: 'eu-west-1',
    CHECK_ID: 's3_bucket_public_access',
    SEVERITY: 'critical',
    MUTED: 'True',
    RESOURCE_NAME: 'my-bucket',
    STATUS_EXTENDED: '"Bucket my-bucket; public: ""yes""\nsee the policy"',
    PROWLER_VERSION: '5.4.0',
  };
  const csv = [header, row(accessAnalyzer), row(contactDetails), row(passing), row(mutedWithQuotes), ''].join('\r\n');

  it('reads FAIL and MANUAL rows as findings, counts PASS, and handles quoted fields with ; and newlines', async () => {
    const { findings, summary } = await importScan('cloud', [chunked(csv, 97)]);
    expect(summary.format).toBe('prowler-csv');
    expect(summary.tool).toEqual({ name: 'prowler', version: '5.4.0' });
    expect(summary.metrics).toMatchObject({ pass: 1, fail: 2, manual: 1, muted: 1 });
    expect(
      findings.map((finding) => [finding.ruleId, finding.severity, finding.toolStatus, finding.suggestedStatus]),
    ).toEqual([
      ['accessanalyzer_enabled', 'low', 'FAIL', 'open'],
      ['account_maintain_current_contact_details', 'medium', 'MANUAL', 'open'],
      ['s3_bucket_public_access', 'critical', 'FAIL', 'risk_accepted'],
    ]);
    expect(findings[0]).toMatchObject({
      compliance: { 'CIS-1.4': ['1.20'], 'KISA-ISMS-P-2023': ['2.5.6', '2.6.4', '2.8.1', '2.8.2'] },
      extra: expect.objectContaining({ remediationCodeCli: accessAnalyzer.REMEDIATION_CODE_CLI }),
      foundAt: '2025-02-14T14:27:03.913Z',
    });
    expect(findings[2]?.evidence?.output).toBe('Bucket my-bucket; public: "yes"\nsee the policy');
    expect(findings[2]?.identity.parts).toEqual({
      finding_uid: 'prowler-aws-s3_bucket_public_access-123456789012-eu-west-1-my-bucket',
    });
  });

  it('gives a result the same identity in CSV as in OCSF JSON', async () => {
    const fromCsv = await importScan('cloud', [chunked(csv)]);
    const fromJson = await importScan('cloud', [fixture('cloud/example_output_aws.ocsf.json')]);
    expect(fromCsv.findings[0]?.identity).toEqual(fromJson.findings[0]?.identity);
    expect(fromCsv.findings[1]?.identity).toEqual(fromJson.findings[1]?.identity);
    expect(fromCsv.findings[0]?.asset.key).toBe(fromJson.findings[0]?.asset.key);
  });

  it('refuses a row with a wrong number of fields, an unclosed quote, and a header without CHECK_ID', async () => {
    const short = [header, row(accessAnalyzer), 'a;b;c', ''].join('\n');
    await expectImportError(importScan('cloud', [chunked(short)]), /number of ";"-separated fields/, { line: 3 });
    const unclosed = [header, row(accessAnalyzer), row({ ...accessAnalyzer, STATUS_EXTENDED: '"never closed' })].join(
      '\n',
    );
    await expectImportError(importScan('cloud', [chunked(unclosed)]), /never closed/);
    await expectImportError(
      importScan('cloud', [chunked('NAME;VALUE\na;b\n')], { format: 'prowler-csv' }),
      /no CHECK_ID and STATUS column/,
      {
        line: 1,
      },
    );
    await expectImportError(importScan('cloud', [chunked('')], { format: 'prowler-csv' }), /empty/);
  });
});
