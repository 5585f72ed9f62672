import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import { Form, SaveButton, Toolbar, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Field, ResourceDescriptor } from '../../resources';
import { FieldInput } from '../fields/FieldInput';
import { SaveShortcut } from './SaveShortcut';
import { DirtyWatch } from './DiscardGuard';
import { useWriteRefusal, WithRefusal } from './refusals';
import { shownFields, useFieldRules, type FieldRules } from './field-rules';

/** Save shows "Processing..." and is disabled while the request runs; Cancel closes the dialog. */
function FormToolbar({ onCancel }: { onCancel?: () => void }) {
  // The form is submitting for as long as the save request runs.
  const { isSubmitting: saving } = useFormState();
  const translate = useTranslate();
  const refusal = useWriteRefusal();
  return (
    <Toolbar sx={{ gap: 1, justifyContent: 'flex-end' }}>
      {onCancel && (
        <Button onClick={onCancel} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
      )}
      <WithRefusal reason={refusal}>
        <SaveButton
          label={saving ? 'app.processing' : 'ra.action.save'}
          disabled={saving || !!refusal}
          alwaysEnable={!saving && !refusal}
        />
      </WithRefusal>
    </Toolbar>
  );
}

interface Props {
  descriptor: ResourceDescriptor;
  /** Told whenever the form starts or stops holding unsaved changes. */
  onDirty?: (dirty: boolean) => void;
  /** Dialogs have a Cancel button; a singleton's page form has none. */
  onCancel?: () => void;
  defaultValues?: Record<string, unknown>;
  /** Without permission to save, the form shows the record but offers no Save. */
  readOnly?: boolean;
  /** Inputs a module adds after the descriptor's (the users' passwords on create). */
  extraInputs?: ReactNode;
}

/** The fields with an input, in the descriptor's form order; none hidden from the user. */
function formFields(d: ResourceDescriptor, rules: FieldRules): Field[] {
  const order = d.formOrder ?? [];
  const rank = (f: Field) => (order.includes(f.name) ? order.indexOf(f.name) : order.length);
  // Array.prototype.sort is stable, so unnamed fields keep their declared order after the named ones.
  return shownFields(d.fields, rules)
    .filter((f) => !f.formHidden)
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * The create/edit form of a descriptor: its visible fields in a two-column grid, wide ones across.
 * SimpleForm's layout around react-admin's Form, without SimpleForm itself: it hands
 * `disableInvalidFormNotification` on to its Stack, a DOM element (a React warning on every form).
 */
export function ResourceForm({ descriptor, onCancel, onDirty, defaultValues, readOnly = false, extraInputs }: Props) {
  const refusal = useWriteRefusal();
  // The user's field rules: hidden fields have no input, read-only ones are shown disabled.
  const rules = useFieldRules(descriptor.name);
  return (
    <Form
      defaultValues={defaultValues}
      warnWhenUnsavedChanges={false}
      // Fields are marked in place; the toast is the server's own message (FormDialog), not a generic one.
      disableInvalidFormNotification
      // The form's own translated validation, not the browser's bubbles in the browser's language.
      noValidate
    >
      {/* Room under the fields on phones, where react-admin's Toolbar is fixed to the bottom (as SimpleForm). */}
      <CardContent sx={{ pb: { xs: '5em', sm: 2 } }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          {formFields(descriptor, rules).map((f) => (
            <FieldInput key={f.name} field={f} resource={descriptor.name} disabled={rules.readOnly.has(f.name)} />
          ))}
          {extraInputs}
        </Box>
      </CardContent>
      {readOnly ? null : <FormToolbar onCancel={onCancel} />}
      <SaveShortcut enabled={!readOnly && !refusal} />
      {onDirty && <DirtyWatch onDirty={onDirty} />}
    </Form>
  );
}
