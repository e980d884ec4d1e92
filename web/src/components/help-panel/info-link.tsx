// The "Info" link beside a header or form field: it opens the help panel on the topic that explains it.
import Link from '@cloudscape-design/components/link';
import { useHelpPanel, type HelpTopic } from './help-panel-context';

export interface InfoLinkProps {
  topic: HelpTopic;
  /** What the link explains, for screen readers, starting with its visible text: 'Info about access levels'. */
  ariaLabel: string;
}

export function InfoLink({ topic, ariaLabel }: InfoLinkProps) {
  const { openHelp } = useHelpPanel();
  return (
    <Link variant="info" ariaLabel={ariaLabel} onFollow={() => openHelp(topic)}>
      Info
    </Link>
  );
}
