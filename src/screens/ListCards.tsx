import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { BulkActionsToolbar, RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { Field, ResourceDescriptor } from '../../resources';
import { entryOf } from '../fields/kinds';
import { DataNotFound } from './ListStates';
import { RowActions } from './RowActions';
import { SerialField } from './SerialField';
import { shownFields, type FieldRules } from './field-rules';

/** Fields a card shows under its title: the list's next columns, enough to tell rows apart on a phone. */
const MORE_FIELDS = 4;

/**
 * A card's title field first, then the other list columns (pictures last: a phone has no room to
 * spare); none hidden from the user.
 */
export function cardFields(d: ResourceDescriptor, rules?: FieldRules): { title: Field | undefined; more: Field[] } {
  const listed = (rules ? shownFields(d.fields, rules) : d.fields).filter((f) => f.list);
  const title = listed.find((f) => f.name === d.titleField) ?? listed.find((f) => f.kind !== 'image' && f.kind !== 'imageList');
  const more = listed.filter((f) => f !== title && f.kind !== 'image' && f.kind !== 'imageList').slice(0, MORE_FIELDS);
  return { title, more };
}

interface Props {
  descriptor: ResourceDescriptor;
  /** The user's field rules for the resource (useFieldRules). */
  rules: FieldRules;
  canEdit: boolean;
  canDelete: boolean;
  withActions: boolean;
  bulkButtons: ReactElement | false;
  ready: boolean;
}

/**
 * A list on a phone (react-admin's SimpleList pattern, built from the descriptor): one card per
 * row with its title, its main fields as label and value, its edit and delete buttons in reach,
 * and its selection box for the bulk actions, whose toolbar shows above the cards as the table's
 * does. Nothing is wider than the screen: long values wrap.
 */
export function ListCards({ descriptor, rules, canEdit, canDelete, withActions, bulkButtons, ready }: Props) {
  const translate = useTranslate();
  const { data = [], selectedIds, onToggleItem, onSelect } = useListContext<RaRecord>();
  const { title, more } = cardFields(descriptor, rules);
  const label = (f: Field) => translate(`resources.${descriptor.name}.fields.${f.name}`, { _: f.name });
  if (!data.length) return <DataNotFound />;
  const pageIds = data.map((r) => r.id);
  const allChosen = pageIds.every((id) => selectedIds.includes(id));
  return (
    <Box sx={{ px: 1 }}>
      {bulkButtons && (
        <>
          <BulkActionsToolbar>{bulkButtons}</BulkActionsToolbar>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Checkbox
              checked={allChosen}
              indeterminate={!allChosen && pageIds.some((id) => selectedIds.includes(id))}
              onChange={() =>
                onSelect(allChosen ? selectedIds.filter((id) => !pageIds.includes(id)) : [...new Set([...selectedIds, ...pageIds])])
              }
              slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
            />
            <Typography variant="body2">{translate('ra.action.select_all')}</Typography>
          </Box>
        </>
      )}
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        aria-label={translate(`resources.${descriptor.name}.name`, { smart_count: 2 })}
      >
        {data.map((record) => {
          const TitleColumn = title ? entryOf(title).column : undefined;
          return (
            <RecordContextProvider value={record} key={record.id}>
              <Card component="li" variant="outlined" data-testid="list-card" data-id={record.id} sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 1.5, pb: withActions ? 0 : 1.5 }}>
                  {bulkButtons && (
                    <Checkbox
                      checked={selectedIds.includes(record.id)}
                      onChange={() => onToggleItem(record.id)}
                      sx={{ m: -1 }}
                      slotProps={{ input: { 'aria-label': translate('ra.action.select_row') } }}
                    />
                  )}
                  <Box sx={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                    <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ mr: 1 }}>
                        <SerialField />
                      </Typography>
                      {title && TitleColumn && <TitleColumn field={title} resource={descriptor.name} />}
                    </Typography>
                    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 1 }}>
                      {more.map((f) => {
                        const Column = entryOf(f).column;
                        return (
                          <Box key={f.name} sx={{ display: 'contents' }}>
                            <Typography component="dt" variant="body2" color="text.secondary">
                              {label(f)}
                            </Typography>
                            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }} className={`column-${f.name}`}>
                              <Column field={f} resource={descriptor.name} />
                            </Typography>
                          </Box>
                        );
                      })}
                    </Box>
                  </Box>
                </Box>
                {withActions && (
                  <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
                    <RowActions canEdit={canEdit} canDelete={canDelete} tips={ready} />
                  </CardActions>
                )}
              </Card>
            </RecordContextProvider>
          );
        })}
      </Box>
    </Box>
  );
}
