// Help of the template pages: who may use the library, how search finds templates, how fields save, and
// what updating the findings that use a template does.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../lambdas/kernel/access/rules';

export function FindingTemplatesHelp() {
  return (
    <HelpPanel header={<h2>Finding templates</h2>}>
      <p>
        A template is the explanation of a kind of finding written once: its title, severity, description, remediation,
        references, CWE, the services and scanner rules it applies to, and tags. Analysts with access level{' '}
        {menuLevels.templates} and above keep the library.
      </p>
      <h3>Finding a template</h3>
      <ul>
        <li>
          The search box searches titles, rules, tags, CWE and texts as you type. It tolerates typos (one from four
          letters, two from eight), matches the last word as a prefix, and ranks by relevance, then by use. Matched
          words are marked.
        </li>
        <li>
          With the box empty, the whole library is listed, most recently changed first. Retired templates are listed
          (marked) but not found by search.
        </li>
      </ul>
      <h3>Editing</h3>
      <ul>
        <li>
          Each field saves itself a moment after you stop typing. The icon beside its label says where it stands: dots
          while saving, a check once saved.
        </li>
        <li>
          A lock means someone else changed the field while you were editing it. Both values are shown: Keep mine saves
          yours over theirs, Take theirs puts theirs in the field (a red cross marks that your edit was not kept). Two
          people editing different fields never get in each other&apos;s way.
        </li>
        <li>A save that fails is shown under the field and tried again by itself.</li>
      </ul>
      <h3>Findings using a template</h3>
      <p>
        Applying a template copies its texts into findings, noting the template&apos;s version. After the template
        changes, the findings still on an older version whose texts nobody edited by hand can be updated at once; those
        edited by hand are left as they are.
      </p>
    </HelpPanel>
  );
}
