// /profile (every signed-in user): display name, photo address, default company (the company switch)
// and colour scheme; below the form, the weekly digest per company and the passkeys. The profile is saved
// with updateProfile, conditional on the version the session read (a 409 shows the current value); the
// header's user menu shows the change once the session is re-read. The colour scheme is also this
// browser's current one (localStorage, as the header's toggle).
import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction, type CallOutput } from '../../api/call-client';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from '../../components/forms/call-problems';
import { ConflictAlert, FormErrorAlert } from '../../components/forms/form-alerts';
import { changedKeys, rebase } from '../../components/forms/rebase';
import { displayNameProblem, fieldProblems, photoUrlProblem } from '../../components/forms/validation';
import { usePageHelp } from '../../components/help-panel/help-panel-context';
import { InfoLink } from '../../components/help-panel/info-link';
import { useColorScheme } from '../../components/layout/color-scheme-context';
import { useNotifications } from '../../components/notifications/notifications-context';
import { anonymousUserName, handleOf, useSession } from '../../components/session/session-context';
import { UserAvatar } from '../../components/user-menu/user-avatar';
import type { ColorScheme } from '../../config/color-scheme';
import { PasskeysSection } from './passkeys-section';
import { SettingsHelp } from './settings-help';
import { WeeklyDigestSection } from './weekly-digest-section';

interface ProfileValues {
  displayName: string;
  photoURL: string;
  colorScheme: ColorScheme;
  defaultCompany: string;
}

type ProfileUser = CallOutput<'updateProfile'>['user'];

interface ProfileBase extends ProfileValues {
  /** The profile's version the edit starts from. */
  version: number;
}

const fields = ['displayName', 'photoURL', 'colorScheme', 'defaultCompany', 'version'] as const;

const colorSchemeItems: { value: ColorScheme; label: string; description: string }[] = [
  { value: 'auto', label: 'Auto', description: "Follows your device's setting." },
  { value: 'light', label: 'Light', description: 'Always light.' },
  { value: 'dark', label: 'Dark', description: 'Always dark.' },
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asProfileUser(value: unknown): (ProfileUser & { updatedAt?: number; updatedBy?: string }) | undefined {
  return isObject(value) && typeof value.uid === 'string' ? (value as ProfileUser) : undefined;
}

function valuesOnly({ displayName, photoURL, colorScheme, defaultCompany }: ProfileValues): ProfileValues {
  return { displayName, photoURL, colorScheme, defaultCompany };
}

export default function ProfilePage() {
  usePageHelp(SettingsHelp);
  const { user, company, companyList, refreshSession, setCompany } = useSession();
  const { colorScheme, setColorScheme } = useColorScheme();
  const { notify } = useNotifications();

  const [base, setBase] = useState<ProfileBase>(() => ({
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
    colorScheme,
    defaultCompany: company ?? '',
    version: user.version ?? 1,
  }));
  const [values, setValues] = useState<ProfileValues>(() => valuesOnly(base));
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [conflict, setConflict] = useState<{ message: string; current: ProfileUser } | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const set = <Field extends keyof ProfileValues>(field: Field, value: ProfileValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblem((current) => withoutFieldError(current, field));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldProblems({
      displayName: displayNameProblem(values.displayName),
      photoURL: photoUrlProblem(values.photoURL),
    });
    if (Object.keys(errors).length > 0) {
      setProblem({ fieldErrors: errors });
      return;
    }
    const changed = changedKeys(values, valuesOnly(base));
    if (changed.length === 0) {
      notify({ type: 'info', title: 'Nothing to save', message: 'Your settings are as they were.' });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    let version = base.version;
    try {
      const profileChanged = changed.some((key) => key !== 'defaultCompany');
      if (profileChanged) {
        const saved = await callFunction('updateProfile', {
          version: base.version,
          ...(changed.includes('displayName') ? { displayName: values.displayName.trim() } : {}),
          ...(changed.includes('photoURL') ? { photoURL: values.photoURL.trim() } : {}),
          ...(changed.includes('colorScheme') ? { colorScheme: values.colorScheme } : {}),
        });
        version = saved.user.version;
        if (changed.includes('colorScheme')) setColorScheme(values.colorScheme);
      }
      if (changed.includes('defaultCompany') && values.defaultCompany) await setCompany(values.defaultCompany);
      const next = { ...values, displayName: values.displayName.trim(), photoURL: values.photoURL.trim() };
      setBase({ ...next, version });
      setValues(next);
      notify({ type: 'success', title: 'Settings saved', message: 'Your profile was saved.' });
      // The header's user menu shows the new name and photo from the session.
      await refreshSession().catch(() => undefined);
    } catch (error) {
      const next = problemOf(error, fields, 'Your settings could not be saved. Please try again.');
      const current = asProfileUser(next.conflict?.current);
      if (next.conflict && current) setConflict({ message: next.conflict.message, current });
      else setProblem(next);
    } finally {
      setSaving(false);
    }
  };

  const rebaseOn = (current: ProfileUser, keepMine: boolean) => {
    const currentBase: ProfileBase = {
      ...base,
      displayName: current.displayName ?? '',
      photoURL: current.photoURL ?? '',
      version: current.version,
    };
    setValues(keepMine ? rebase(values, valuesOnly(base), valuesOnly(currentBase)) : valuesOnly(currentBase));
    setBase(currentBase);
    setConflict(undefined);
  };

  const companyOptions = companyList.map((option) => ({
    value: option.slug,
    label: option.companyName,
    description: option.slug,
  }));

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Signed in as ${user.email}`}
          info={<InfoLink topic={SettingsHelp} ariaLabel="Info about settings" />}
        >
          Settings
        </Header>
      }
    >
      <SpaceBetween size="l">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Form
            actions={
              <Button
                variant="primary"
                formAction="submit"
                loading={saving}
                loadingText="Saving your settings"
                disabled={conflict !== undefined}
              >
                Save
              </Button>
            }
          >
            <SpaceBetween size="l">
              {conflict ? (
                <ConflictAlert
                  message={conflict.message}
                  current={
                    <KeyValuePairs
                      columns={1}
                      items={[
                        { label: 'Display name', value: conflict.current.displayName || anonymousUserName },
                        { label: 'Photo address', value: conflict.current.photoURL || 'None (the default avatar)' },
                      ]}
                    />
                  }
                  onReapply={() => rebaseOn(conflict.current, true)}
                  onDiscard={() => rebaseOn(conflict.current, false)}
                />
              ) : null}
              <FormErrorAlert message={problem.message ?? problem.fieldErrors.version} />
              <Container header={<Header variant="h2">Profile</Header>}>
                <SpaceBetween size="l">
                  <FormField
                    label="Display name"
                    description={`Shown in the header and to the people you work with: a plain name, without web or e-mail addresses. Empty: '${anonymousUserName}'.`}
                    errorText={problem.fieldErrors.displayName}
                  >
                    <Input
                      value={values.displayName}
                      placeholder={anonymousUserName}
                      disabled={saving}
                      onChange={({ detail }) => set('displayName', detail.value)}
                    />
                  </FormField>
                  <FormField
                    label="Photo address"
                    description="An https:// address of a picture; empty for the default avatar."
                    errorText={problem.fieldErrors.photoURL}
                  >
                    <Input
                      type="url"
                      value={values.photoURL}
                      placeholder="https://"
                      disabled={saving}
                      inputMode="url"
                      onChange={({ detail }) => set('photoURL', detail.value)}
                    />
                  </FormField>
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <Box variant="span" color="text-body-secondary">
                      Preview:
                    </Box>
                    <UserAvatar
                      key={values.photoURL}
                      photoURL={photoUrlProblem(values.photoURL) ? undefined : values.photoURL.trim() || undefined}
                    />
                  </SpaceBetween>
                  <Box variant="small" color="text-body-secondary">
                    Your handle is {handleOf(user)}.
                  </Box>
                </SpaceBetween>
              </Container>
              <Container header={<Header variant="h2">Preferences</Header>}>
                <SpaceBetween size="l">
                  <FormField
                    label="Default company"
                    description="The company selected when you sign in; the same as the switch in the user menu."
                    errorText={problem.fieldErrors.defaultCompany}
                  >
                    {companyOptions.length > 0 ? (
                      <Select
                        selectedOption={companyOptions.find((option) => option.value === values.defaultCompany) ?? null}
                        options={companyOptions}
                        placeholder="Choose a company"
                        disabled={saving || companyOptions.length < 2}
                        filteringType={companyOptions.length > 8 ? 'auto' : 'none'}
                        onChange={({ detail }) => set('defaultCompany', detail.selectedOption.value ?? '')}
                      />
                    ) : (
                      <Alert type="info" statusIconAriaLabel="Info">
                        You do not belong to any company yet.
                      </Alert>
                    )}
                  </FormField>
                  <FormField label="Colour scheme" errorText={problem.fieldErrors.colorScheme}>
                    <RadioGroup
                      value={values.colorScheme}
                      items={colorSchemeItems}
                      onChange={({ detail }) => set('colorScheme', detail.value as ColorScheme)}
                    />
                  </FormField>
                </SpaceBetween>
              </Container>
            </SpaceBetween>
          </Form>
        </form>
        <WeeklyDigestSection />
        <PasskeysSection />
      </SpaceBetween>
    </ContentLayout>
  );
}
