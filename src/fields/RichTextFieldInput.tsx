import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { useEditorState, type Editor } from '@tiptap/react';
// The paragraph and heading commands' types (the starter kit's extensions declare them).
import type {} from '@tiptap/starter-kit';
import { useTranslate, type Validator } from 'react-admin';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  DefaultEditorOptions,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';

type Level = 0 | 1 | 2 | 3 | 4 | 5 | 6;
const LEVELS: readonly Level[] = [0, 1, 2, 3, 4, 5, 6];
/** react-admin's own catalogue keys for the levels: 0 is a plain paragraph. */
const levelKey = (l: Level) => (l === 0 ? 'ra.tiptap.paragraph' : `ra.tiptap.heading${l}`);

/**
 * The paragraph / heading choice of the rich-text toolbar. react-admin's LevelSelect is a list
 * item inside a `<nav>` (axe: listitem) whose button is named "Current level" while it shows
 * "Normal" (axe: label-content-name-mismatch). This one is a plain menu button named by what it
 * shows, with the purpose after it: "Normal, current level".
 */
function LevelSelect() {
  const translate = useTranslate();
  // Typed as always there, but null until tiptap has created the editor (react-admin guards it too).
  const editor = useTiptapEditor() as Editor | null;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  // null only without an editor, which the selector already answers with 0.
  const current: Level =
    useEditorState({
      editor,
      selector: ({ editor: e }): Level =>
        LEVELS.find((l) => (l === 0 ? e?.isActive('paragraph') : e?.isActive('heading', { level: l }))) ?? 0,
    }) ?? 0;
  const choose = (l: Level) => {
    setAnchor(null);
    if (l === 0) editor?.chain().focus().setParagraph().run();
    else editor?.chain().focus().setHeading({ level: l }).run();
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        endIcon={<ArrowDropDown />}
        aria-label={`${translate(levelKey(current))}, ${translate('ra.tiptap.current_level')}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', borderColor: 'divider', alignSelf: 'center' }}
      >
        {translate(levelKey(current))}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LEVELS.map((l) => (
          <MenuItem key={l} selected={l === current} onClick={() => choose(l)}>
            {translate(levelKey(l))}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * react-admin's rich-text input with an accessible toolbar (the level menu above) and an editing
 * area named after the field: the label sits on the wrapper, but the role="textbox" element that
 * takes the focus had no name (axe: aria-input-field-name).
 */
export function RichTextFieldInput({
  source,
  label,
  validate,
  disabled = false,
}: {
  source: string;
  label: string;
  validate: Validator[];
  disabled?: boolean;
}) {
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true' } },
    }),
    [label],
  );
  return (
    <RichTextInput
      source={source}
      validate={validate}
      disabled={disabled}
      fullWidth
      editorOptions={editorOptions}
      toolbar={
        <RichTextInputToolbar>
          <LevelSelect />
          <FormatButtons size="small" />
          <ColorButtons size="small" />
          <AlignmentButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <ImageButtons size="small" />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
      sx={{
        '& .ProseMirror': { minHeight: 150 },
        // Touch targets of at least 24 px (WCAG 2.5.8): the small toggle buttons measure 24.8 px and
        // each overlaps its neighbour by its 1 px border, which leaves 23.8 px to tap.
        '& .RaRichTextInputToolbar-root .MuiToggleButton-root': { minWidth: 28, minHeight: 28 },
      }}
    />
  );
}
