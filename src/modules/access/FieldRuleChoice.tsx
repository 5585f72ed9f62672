import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { LEVELS, rankOf, type FieldLevel, type FieldRulesModel } from './field-rules';

/** A level's word, as the field rules' own screens name it (resources/field-rule/labels.*). */
export const levelKey = (level: FieldLevel) => `resources.field-rule.choices.field_rule_level.${level}`;

export interface FieldRuleChoiceProps {
  model: FieldRulesModel;
  resource: string;
  /** The fields this row sets: one, or all of the resource's ("All fields"). */
  fields: readonly string[];
  /** The row's visible name: the field's label, or "All fields". */
  label: string;
  /** DOM id of the label, which names the radio group (its visible text is the group's name). */
  labelId: string;
  /** The row holds the tree's focus: its radio group is the next tab stop. */
  current: boolean;
  /** Space or Enter on the row moves the focus here. */
  radioRef?: (el: HTMLElement | null) => void;
}

/**
 * One row of a resource's field level: the field's label and a radio group hidden / read-only /
 * editable named by that label, so every control's name is its visible text (WCAG 2.5.3): the
 * group is "Purchase Price", its radios "Hidden", "Read-only", "Editable". On a user's tree the
 * group's level shows beside it, as what the user inherits. A choice above the viewer's own level
 * of a field is disabled (nobody grants a field right they lack); a refusal of the server is shown
 * as its message and the rules are read again.
 */
export function FieldRuleChoice({ model, resource, fields, label, labelId, current, radioRef }: FieldRuleChoiceProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState<FieldLevel>();
  const states = fields.map((f) => model.stateOf(resource, f));
  const levels = new Set(states.map((s) => s.level));
  const held = levels.size === 1 ? [...levels][0] : undefined;
  const value = pending ?? held ?? '';
  // The lowest of the viewer's own levels over these fields bounds what they may give.
  const own = Math.min(...states.map((s) => rankOf(s.ownLevel)));
  const groupLevels = new Set(states.map((s) => s.groupLevel));
  const groupLevel = groupLevels.size === 1 ? [...groupLevels][0] : undefined;
  const overridden = states.some((s) => s.overridden);
  const originId = `${labelId}-origin`;

  function choose(level: FieldLevel) {
    if (model.readOnly || pending) return;
    setPending(level);
    model
      .set(resource, fields, level)
      .catch((error: unknown) => {
        notify(error instanceof Error && error.message ? error.message : 'access.fields.save_error', { type: 'error' });
      })
      .finally(() => {
        setPending(undefined);
      });
  }

  const origin =
    model.mode === 'user'
      ? translate(overridden ? 'access.fields.overrides_group' : 'access.fields.inherited', {
          level: groupLevel ? translate(levelKey(groupLevel)) : translate('access.fields.mixed'),
        })
      : undefined;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, flex: 1, minWidth: 0 }}>
      <Typography id={labelId} variant="body2" sx={{ minWidth: { sm: 160 }, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>{' '}
      <RadioGroup
        row
        name={labelId}
        value={value}
        aria-labelledby={labelId}
        aria-describedby={origin ? originId : undefined}
        onChange={(_, v) => {
          choose(v as FieldLevel);
        }}
      >
        {LEVELS.map((level) => (
          <FormControlLabel
            key={level}
            value={level}
            disabled={model.readOnly || !!pending || rankOf(level) > own}
            control={
              <Radio
                size="small"
                slotProps={{
                  input: {
                    tabIndex: current ? undefined : -1,
                    ref: (el: HTMLInputElement | null) => {
                      // The checked choice, else the first, takes the focus from the row.
                      if (level === (held ?? 'hidden')) radioRef?.(el);
                    },
                  },
                }}
              />
            }
            label={translate(levelKey(level))}
            sx={{ mr: 1.5 }}
          />
        ))}
      </RadioGroup>{' '}
      {origin && (
        <Typography
          id={originId}
          variant="caption"
          color="text.secondary"
          data-origin
          sx={{ ml: { sm: 'auto' }, overflowWrap: 'anywhere' }}
        >
          {origin}
        </Typography>
      )}
    </Box>
  );
}
