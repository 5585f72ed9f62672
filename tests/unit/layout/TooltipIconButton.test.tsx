import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TooltipIconButton } from '../../../src/layout/TooltipIconButton';

/*
 * A list's row buttons get their tooltips just after the first commit (src/screens/RowActions.tsx):
 * wrapping replaces the button's element, and a keyboard user who had already reached it keeps
 * the focus.
 */
const button = (tooltip: boolean) => (
  <TooltipIconButton tooltip={tooltip} title="Edit" aria-label="Edit">
    e
  </TooltipIconButton>
);

describe('TooltipIconButton', () => {
  it('keeps the keyboard focus on the button when its tooltip arrives', () => {
    const { rerender } = render(button(false));
    const before = screen.getByRole('button', { name: 'Edit' });
    before.focus();
    rerender(button(true));
    const after = screen.getByRole('button', { name: 'Edit' });
    expect(after).not.toBe(before); // the element was replaced...
    expect(after).toHaveFocus(); // ...and the focus moved to the new one
  });

  it('leaves the focus where it was when the button did not have it', () => {
    const page = (tooltip: boolean) => (
      <>
        <input aria-label="elsewhere" />
        {button(tooltip)}
      </>
    );
    const { rerender } = render(page(false));
    screen.getByRole('textbox', { name: 'elsewhere' }).focus();
    rerender(page(true));
    expect(screen.getByRole('textbox', { name: 'elsewhere' })).toHaveFocus();
  });
});
