// /admin/company/create-company (level 7): a new company with its slug, name and service flags. An
// existing slug is refused by the server (never overwritten) and the refusal shows at the slug field.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction } from '../../../../api/call-client';
import type { CompanyDoc } from '../../../../components/admin/admin-records';
import { CompanyFlagFields } from '../../../../components/admin/company-flag-fields';
import { noFlags, type CompanyFlags } from '../../../../components/admin/service-labels';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { companyNameProblem, fieldProblems, slugProblem } from '../../../../components/forms/validation';
import { CompanyFlagsHelp } from '../../../../components/help-panel/company-flags-help';
import { usePageHelp } from '../../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../../components/help-panel/info-link';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useSession } from '../../../../components/session/session-context';
import { CreateCompanyHelp } from '../companies-help';

const fields = ['slug', 'companyName', 'flags'] as const;

/** A slug suggested from the name until the user types one: 'Wayne Enterprises' → 'wayne-enterprises'. */
function suggestedSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

export default function CreateCompanyPage() {
  usePageHelp(CreateCompanyHelp);
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const { refreshSession, setCompany } = useSession();
  const [companyName, setCompanyName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [flags, setFlags] = useState<CompanyFlags>(noFlags);
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CompanyDoc | undefined>(undefined);
  const [opening, setOpening] = useState(false);

  const clearFieldError = (field: string) => setProblem((current) => withoutFieldError(current, field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldProblems({ slug: slugProblem(slug), companyName: companyNameProblem(companyName) });
    if (Object.keys(errors).length > 0) {
      setProblem({ fieldErrors: errors });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    try {
      const company = await callFunction('createCompany', { slug, companyName: companyName.trim(), flags });
      setCreated(company);
      notify({
        type: 'success',
        title: 'Company created',
        message: `${company.companyName} (${company.slug}) was created.`,
      });
      // Analysts of level 7+ may select every company: the new one joins their company list.
      void refreshSession().catch(() => undefined);
    } catch (error) {
      setProblem(problemOf(error, fields, 'The company could not be created. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const startAgain = () => {
    setCreated(undefined);
    setCompanyName('');
    setSlug('');
    setSlugEdited(false);
    setFlags(noFlags);
    setProblem(noProblem);
  };

  const inviteUsers = async (company: CompanyDoc) => {
    setOpening(true);
    try {
      await setCompany(company.slug);
      void navigate('/admin/company/manage-users');
    } catch {
      notify({
        type: 'error',
        title: 'Error',
        message: `${company.companyName} could not be selected. Please try again.`,
      });
    } finally {
      setOpening(false);
    }
  };

  if (created) {
    return (
      <ContentLayout header={<Header variant="h1">Create company</Header>}>
        <Container>
          <Alert
            type="success"
            statusIconAriaLabel="Success"
            header={`${created.companyName} was created`}
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="primary" loading={opening} onClick={() => void inviteUsers(created)}>
                  Invite users
                </Button>
                <Button onClick={() => void navigate('/admin/company')}>Go to companies</Button>
                <Button variant="link" onClick={startAgain}>
                  Create another company
                </Button>
              </SpaceBetween>
            }
          >
            Its slug is {created.slug}. Invite its first users, or go back to the list of companies.
          </Alert>
        </Container>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="A company groups its users and the services they may see."
          info={<InfoLink topic={CreateCompanyHelp} ariaLabel="Info about creating a company" />}
        >
          Create company
        </Header>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => void navigate('/admin/company')}>
                Cancel
              </Button>
              <Button variant="primary" formAction="submit" loading={saving} loadingText="Creating the company">
                Create company
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <FormErrorAlert message={problem.message} />
            <Container header={<Header variant="h2">Company details</Header>}>
              <SpaceBetween size="l">
                <FormField label="Company name" errorText={problem.fieldErrors.companyName}>
                  <Input
                    value={companyName}
                    ariaRequired
                    disabled={saving}
                    onChange={({ detail }) => {
                      setCompanyName(detail.value);
                      clearFieldError('companyName');
                      if (!slugEdited) setSlug(suggestedSlug(detail.value));
                    }}
                  />
                </FormField>
                <FormField
                  label="Slug"
                  description="The company's identifier in addresses and lists. It cannot change later."
                  constraintText="3 to 40 lowercase letters, digits or dashes."
                  errorText={problem.fieldErrors.slug}
                >
                  <Input
                    value={slug}
                    ariaRequired
                    disabled={saving}
                    spellcheck={false}
                    autoComplete={false}
                    onChange={({ detail }) => {
                      setSlug(detail.value);
                      setSlugEdited(true);
                      clearFieldError('slug');
                    }}
                    onBlur={() => {
                      const slugError = slug !== '' ? fieldProblems({ slug: slugProblem(slug) }).slug : undefined;
                      if (slugError)
                        setProblem((current) => ({
                          ...current,
                          fieldErrors: { ...current.fieldErrors, slug: slugError },
                        }));
                    }}
                  />
                </FormField>
                <CompanyFlagFields
                  flags={flags}
                  disabled={saving}
                  errorText={problem.fieldErrors.flags}
                  info={<InfoLink topic={CompanyFlagsHelp} ariaLabel="Info about company services" />}
                  onChange={(flag, on) => {
                    setFlags((current) => ({ ...current, [flag]: on }));
                    clearFieldError('flags');
                  }}
                />
              </SpaceBetween>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}
