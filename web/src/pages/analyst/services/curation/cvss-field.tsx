// An analyst's CVSS base vector of one version, with its calculator: the vector typed, or built metric by
// metric (one segmented control per base metric), each kept in step with the other, and the live score with
// its rating as the server will compute it (the same module, lambdas/contracts/cvss.ts). The field saves
// itself once the vector reads whole (updateFinding, on the field's version; the server scores it again and
// keeps its own score); a partial vector stays here with what it lacks. Empty: the tool's vector is shown.
import { useId, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  cvssBaseMetrics,
  cvssVectorOf,
  scoreCvssVector,
  type CvssMetrics,
  type CvssVersion,
} from '../../../../../../lambdas/contracts/cvss';
import type { SaveField } from '../../../../components/auto-save/auto-save-driver';
import { useAutoSave } from '../../../../components/auto-save/use-auto-save';
import type { FindingDetailRecord } from '../finding-detail/finding-detail-record';
import { cvssScoreText } from '../finding-values/cvss-values';
import { AutoSaveFrame } from '../../../../components/auto-save/auto-save-fields';
import { cvssMetricWords } from './cvss-metric-labels';

const fieldOf = { '3.1': 'cvss31', '4.0': 'cvss40' } as const;
const toolFieldOf = { '3.1': 'toolCvss31', '4.0': 'toolCvss40' } as const;

/** The analyst's vector of this version as stored ('' when the tool's is shown). */
export function analystCvssOf(finding: FindingDetailRecord, cvssVersion: CvssVersion): string {
  const shown = finding[fieldOf[cvssVersion]];
  return shown?.source === 'analyst' ? shown.vector : '';
}

/** The base metrics a text names with an allowed value, whatever else it holds (the controls show those). */
function metricsIn(cvssVersion: CvssVersion, text: string): Partial<CvssMetrics> {
  const allowed: Record<string, readonly string[]> = cvssBaseMetrics[cvssVersion];
  const metrics: Partial<CvssMetrics> = {};
  for (const part of text.trim().split('/')) {
    const [name = '', value = ''] = part.split(':');
    if (allowed[name]?.includes(value)) metrics[name] = value;
  }
  return metrics;
}

interface CvssFieldProps {
  cvssVersion: CvssVersion;
  finding: FindingDetailRecord;
  version: number;
  save: SaveField<string>;
}

export function CvssField({ cvssVersion, finding, version, save }: CvssFieldProps) {
  const autoSave = useAutoSave({ stored: analystCvssOf(finding, cvssVersion), version, save });
  // A vector not whole yet stays here, over the value it was typed on, until it reads whole or is emptied.
  const [draft, setDraft] = useState<{ text: string; over: string } | undefined>(undefined);
  const text = draft && draft.over === autoSave.value ? draft.text : autoSave.value;
  const reading = text.trim() === '' ? undefined : scoreCvssVector(cvssVersion, text.trim());
  const metrics = metricsIn(cvssVersion, text);
  const controlId = `curation-cvss-${cvssVersion.replace('.', '')}${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const label = `CVSS ${cvssVersion} vector`;
  const tool = finding[toolFieldOf[cvssVersion]];

  const change = (next: string) => {
    const scored = next.trim() === '' ? undefined : scoreCvssVector(cvssVersion, next.trim());
    if (scored && 'problem' in scored) {
      setDraft({ text: next, over: autoSave.value });
      return;
    }
    setDraft(undefined);
    autoSave.setValue(scored ? scored.vector : '');
  };
  const pick = (metric: string, value: string) => change(cvssVectorOf(cvssVersion, { ...metrics, [metric]: value }));

  const toolText = tool ? `The tool's: ${cvssScoreText(tool.score)}, ${tool.vector}` : 'The tool gave none.';
  return (
    <AutoSaveFrame
      autoSave={autoSave}
      label={label}
      controlId={controlId}
      description={text === '' ? `Empty: the tool's vector is shown. ${toolText}` : toolText}
      formatValue={(value) => (value === '' ? "(the tool's vector)" : value)}
      problem={reading && 'problem' in reading ? reading.problem : undefined}
    >
      <Input
        controlId={controlId}
        value={text}
        placeholder={tool?.vector ?? `CVSS:${cvssVersion}/…`}
        onChange={({ detail }) => change(detail.value)}
      />
      <Box variant="p" data-cvss-score={cvssVersion}>
        {reading && !('problem' in reading)
          ? `Score ${cvssScoreText(reading.score)}`
          : reading
            ? 'Score: pick every metric below, or complete the vector.'
            : 'No vector of yours.'}
      </Box>
      <ExpandableSection headerText={`CVSS ${cvssVersion} calculator`} variant="footer">
        <ColumnLayout columns={2}>
          {Object.entries(cvssBaseMetrics[cvssVersion] as Record<string, readonly string[]>).map(([metric, values]) => {
            const words = cvssMetricWords[cvssVersion][metric]!;
            const name = `${words.name} (${metric})`;
            return (
              <SpaceBetween key={metric} size="xxs">
                <Box variant="awsui-key-label">{name}</Box>
                <SegmentedControl
                  label={name}
                  selectedId={metrics[metric] ?? null}
                  options={values.map((value) => ({ id: value, text: `${words.values[value]} (${value})` }))}
                  onChange={({ detail }) => pick(metric, detail.selectedId)}
                />
              </SpaceBetween>
            );
          })}
        </ColumnLayout>
      </ExpandableSection>
      {text !== '' ? (
        <Box>
          <Button variant="inline-link" onClick={() => change('')}>
            {tool ? "Back to the tool's vector" : 'Clear the vector'}
          </Button>
        </Box>
      ) : null}
    </AutoSaveFrame>
  );
}
