import type { ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { CheckboxProps } from '@mui/material/Checkbox';

/**
 * react-admin names a list row's selection checkbox with `aria-label` on MUI's Checkbox, which
 * MUI 7 puts on the checkbox's outer span: the input itself, what a screen reader and a
 * keyboard user reach, had no name. Inside the list, a checkbox's `aria-label` names its input
 * (and an `inputProps` given, the select-all box's, stays as it was).
 */
const withNamedInputs = (outer: Theme): Theme => ({
  ...outer,
  components: {
    ...outer.components,
    MuiCheckbox: {
      ...outer.components?.MuiCheckbox,
      defaultProps: {
        ...outer.components?.MuiCheckbox?.defaultProps,
        slotProps: {
          // react-admin's select-all box names its input through inputProps.
          // eslint-disable-next-line @typescript-eslint/no-deprecated
          input: (props: CheckboxProps) => ({ 'aria-label': props['aria-label'], ...props.inputProps }),
        },
      },
    },
  },
});

export function NamedRowCheckboxes({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={withNamedInputs}>{children}</ThemeProvider>;
}
